/** Answers a call the fake server should know (other than the configuration and translations), or undefined. */
export type ExtraRoutes = (
  url: URL,
  request: { method: string; body: unknown },
) => { status: number; body: unknown } | undefined | Promise<{ status: number; body: unknown } | undefined>;
