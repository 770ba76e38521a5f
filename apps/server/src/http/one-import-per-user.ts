import { HttpError } from './errors.ts';

/**
 * One import at a time per user: reading a workbook or a ZIP costs up to seconds of CPU, so a user who sends
 * a second file while their first is being read (a list import, a catalogue import or dry run) is answered
 * 409 `import_in_progress` at once instead of queueing more work. Held in this process: with several web
 * processes behind a balancer a user has at most one import running in each.
 */

const running = new Set<string>();

export const importInProgress = () =>
  new HttpError(
    409,
    'import_in_progress',
    'An import of yours is still being read: wait for its answer, then send the next file.',
  );

/** Runs `work` as the user's one import; 409 when another of theirs is running. */
export async function asTheUsersOneImport<T>(
  user: { tenantId: string; id: string },
  work: () => Promise<T>,
): Promise<T> {
  const key = `${user.tenantId}\n${user.id}`;
  if (running.has(key)) throw importInProgress();
  running.add(key);
  try {
    return await work();
  } finally {
    running.delete(key);
  }
}
