/**
 * Group commit of "sent" marks for one sender batch (sender.ts `sendBatch`), framework-free.
 *
 * A row is marked sent only after the SMTP server accepted it, so a crash between the two re-sends it
 * later (same Message-ID; a relay without de-duplication delivers both copies). This keeps that window
 * small and bounded:
 * - a mark round starts once FLUSH_ROWS rows wait or FLUSH_MS after the first one, when the previous round
 *   has ended, and writes every row waiting in one statement (one statement per accepted row halved the
 *   fan-out rate on PGlite: bench/fanout);
 * - the lanes wait (`room`) while UNMARKED_LIMIT rows are accepted but not yet marked, so a crash re-sends
 *   at most UNMARKED_LIMIT + one message in flight per SMTP connection, per running batch;
 * - a round that fails (the database restarting) is retried with backoff until `deadline` (the end of the
 *   batch's claim): this process knows the rows were accepted, and forgetting that would re-send them all.
 *   Meanwhile `room` holds the lanes, so an outage does not pile up unmarked e-mails.
 */

/** Accepted-but-unmarked rows allowed per batch before its lanes wait for the marks. */
export const UNMARKED_LIMIT = 50;
/** A mark round starts when this many rows wait… */
export const FLUSH_ROWS = 25;
/** …or this long after the first of them was accepted. */
export const FLUSH_MS = 10;

export interface SentMark {
  id: number;
  messageId: string;
  /** The MIME message as handed to SMTP (kept with the delivery: the console shows it). */
  message: string;
}

export interface SentMarks {
  /** Records a row the SMTP server accepted; a mark round writes it soon. */
  record(sent: SentMark): void;
  /** Resolves when fewer than UNMARKED_LIMIT rows wait for their mark. */
  room(): Promise<void>;
  /** Resolves when every recorded row is marked; rejects if the deadline passed first. */
  drain(): Promise<void>;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function startSentMarks(
  write: (batch: SentMark[]) => Promise<unknown>,
  deadline: number,
  onRetry: (error: Error) => void = () => {},
  limit = UNMARKED_LIMIT,
): SentMarks {
  let waiting: SentMark[] = [];
  let writing = 0;
  let round: Promise<void> | undefined;
  let timer: NodeJS.Timeout | undefined;
  let failure: Error | undefined;

  const writeWithRetry = async (batch: SentMark[]) => {
    for (let attempt = 0; ; attempt++) {
      try {
        await write(batch);
        return;
      } catch (error) {
        if (Date.now() >= deadline) throw error;
        if (attempt === 0) onRetry(error as Error);
        await sleep(Math.min(2000, 100 * 2 ** attempt));
      }
    }
  };

  const rounds = async () => {
    try {
      while (waiting.length > 0) {
        const batch = waiting;
        waiting = [];
        writing = batch.length;
        await writeWithRetry(batch);
        writing = 0;
      }
    } catch (error) {
      failure = error as Error;
    } finally {
      round = undefined;
    }
  };

  const unmarked = () => waiting.length + writing;

  const startRound = () => {
    if (timer) clearTimeout(timer);
    timer = undefined;
    round ??= rounds();
    return round;
  };

  return {
    record(sent) {
      waiting.push(sent);
      if (round) return; // the running round takes it next
      if (waiting.length >= Math.min(FLUSH_ROWS, limit)) startRound();
      else timer ??= setTimeout(startRound, FLUSH_MS);
    },
    async room() {
      while (unmarked() >= limit && !failure) await startRound();
      if (failure) throw failure;
    },
    async drain() {
      while ((round || waiting.length > 0) && !failure) await startRound();
      if (failure) throw failure;
    },
  };
}

/**
 * Sends `items` over `lanes` (one per SMTP connection), each accepted one recorded for its mark, counting
 * the outcomes; a lane waits while UNMARKED_LIMIT accepted-but-unmarked items wait (the crash duplicate
 * bound). Resolves once every mark is written, also when a send threw. The change e-mails' sender and the
 * digest run both send this way.
 */
export async function sendInLanes<Item, Outcome extends string>(
  items: readonly Item[],
  lanes: number,
  marks: SentMarks,
  send: (item: Item, record: (sent: SentMark) => void) => Promise<Outcome>,
  counts: Record<Outcome, number>,
  signal?: AbortSignal,
  until = Number.POSITIVE_INFINITY,
): Promise<Item[]> {
  let next = 0;
  const lane = async () => {
    while (next < items.length) {
      await marks.room();
      // Told to stop, or the items' claim ends soon (another sender may claim them then, and one started now
      // could be sent by both): what no lane has started is left for the retry.
      if (signal?.aborted || Date.now() >= until) break;
      const item = items[next++];
      if (item === undefined) break;
      counts[await send(item, marks.record)]++;
    }
  };
  try {
    await Promise.all(Array.from({ length: Math.min(lanes, items.length) }, lane));
  } finally {
    await marks.drain();
  }
  return items.slice(next);
}
