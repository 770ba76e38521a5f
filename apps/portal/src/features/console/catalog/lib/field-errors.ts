/**
 * The fields a console 400 answer names (`{ message, issues: [{ path, message }] }`, apps/server/src/http/errors.ts):
 * each issue's path without its `body.` prefix (e.g. `standard.designation`) → its message.
 */
export function fieldErrorsOf(error: unknown): Record<string, string> {
  const data = (error as { data?: unknown } | undefined)?.data;
  const issues = (data as { issues?: unknown } | undefined)?.issues;
  if (!Array.isArray(issues)) return {};
  const out: Record<string, string> = {};
  for (const issue of issues) {
    const { path, message } = (issue ?? {}) as { path?: unknown; message?: unknown };
    if (typeof path !== 'string' || typeof message !== 'string') continue;
    const field = path.replace(/^body\.?/, '');
    out[field] ??= message;
  }
  return out;
}

/** The HTTP status of an RTK Query error, if it has one. */
export const statusOf = (error: unknown): number | undefined => {
  const status = (error as { status?: unknown } | undefined)?.status;
  return typeof status === 'number' ? status : undefined;
};
