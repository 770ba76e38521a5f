import { describe, expect, it, vi } from 'vitest';
import { claimMarginMs } from '../../src/modules/notifications/sender.ts';
import { type SentMark, sendInLanes, startSentMarks } from '../../src/modules/notifications/sent-marks.ts';

/** The sender's group commit of "sent" marks (sent-marks.ts): grouped, bounded, surviving a database outage. */

const mark = (id: number): SentMark => ({ id, messageId: `<m${id}@x>`, message: '' });

function gate() {
  let open: () => void = () => {};
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { opened, open };
}

describe('sent marks', () => {
  it('groups the rows accepted together into one statement, and those accepted during a write into the next', async () => {
    const writes: number[][] = [];
    const first = gate();
    let writing = gate();
    const marks = startSentMarks(async (batch) => {
      writes.push(batch.map((b) => b.id));
      writing.open();
      if (writes.length === 1) await first.opened;
    }, Date.now() + 60_000);
    for (let i = 1; i <= 3; i++) marks.record(mark(i));
    await writing.opened;
    writing = gate();
    for (let i = 4; i <= 6; i++) marks.record(mark(i));
    first.open();
    await marks.drain();
    expect(writes).toEqual([
      [1, 2, 3],
      [4, 5, 6],
    ]);
  });

  it('holds the lanes while `limit` rows are unmarked, and lets them go once marked', async () => {
    const write = gate();
    const marks = startSentMarks(
      () => write.opened,
      Date.now() + 60_000,
      () => {},
      3,
    );
    for (let i = 1; i <= 3; i++) marks.record(mark(i));
    let released = false;
    const room = marks.room().then(() => {
      released = true;
    });
    await Promise.resolve();
    await Promise.resolve();
    expect(released).toBe(false);
    write.open();
    await room;
    expect(released).toBe(true);
    await marks.drain();
  });

  it('retries a failed write (the database restarting) and loses no row', async () => {
    const written: number[] = [];
    let failures = 3;
    const errors: Error[] = [];
    const marks = startSentMarks(
      async (batch) => {
        if (failures-- > 0) throw new Error('connection terminated');
        written.push(...batch.map((b) => b.id));
      },
      Date.now() + 60_000,
      (error) => errors.push(error),
    );
    marks.record(mark(1));
    marks.record(mark(2));
    await marks.drain();
    marks.record(mark(3));
    await marks.drain();
    expect(written).toEqual([1, 2, 3]);
    expect(errors).toHaveLength(1); // reported once per outage, not per attempt
  });

  it('gives up at the deadline: drain and room reject with the last error', async () => {
    const marks = startSentMarks(async () => {
      throw new Error('still down');
    }, Date.now() + 250);
    marks.record(mark(1));
    await expect(marks.drain()).rejects.toThrow('still down');
    await expect(marks.room()).rejects.toThrow('still down');
  });

  it('stops taking rows once the signal aborts (a worker shutting down): the e-mails on the wire finish and are marked, the rest are given back', async () => {
    const written: number[] = [];
    const marks = startSentMarks(async (batch) => {
      written.push(...batch.map((b) => b.id));
    }, Date.now() + 60_000);
    const stop = new AbortController();
    const started: number[] = [];
    const counts = { sent: 0 };
    const left = await sendInLanes(
      [1, 2, 3, 4, 5, 6, 7, 8],
      2,
      marks,
      async (id, record) => {
        started.push(id);
        if (id === 3) stop.abort(); // as row 3 goes on the wire; the other lane is still on row 1 or 2
        await new Promise((r) => setTimeout(r, 20));
        record(mark(id));
        return 'sent' as const;
      },
      counts,
      stop.signal,
    );
    expect(started).toEqual([1, 2, 3]);
    expect(written.sort()).toEqual([1, 2, 3]);
    expect(counts.sent).toBe(3);
    expect(left).toEqual([4, 5, 6, 7, 8]);
  });

  it('starts no e-mail once the claim is about to end: the rest is left for the retry', async () => {
    let clock = 1_000;
    const now = vi.spyOn(Date, 'now').mockImplementation(() => clock);
    try {
      const marks = startSentMarks(async () => {}, Number.POSITIVE_INFINITY);
      const started: number[] = [];
      const left = await sendInLanes(
        [1, 2, 3, 4, 5],
        1,
        marks,
        async (id, record) => {
          started.push(id);
          clock += 400; // each e-mail takes 0.4 s
          record(mark(id));
          return 'sent' as const;
        },
        { sent: 0 },
        undefined,
        2_000,
      );
      expect(started).toEqual([1, 2, 3]); // started at 1.0, 1.4 and 1.8 s; the next would start at 2.2 s
      expect(left).toEqual([4, 5]);
    } finally {
      now.mockRestore();
    }
  });

  it('keeps the last fifth of a claim, at least its last second, free of new e-mails', () => {
    expect(claimMarginMs(5)).toBe(1_000);
    expect(claimMarginMs(120)).toBe(24_000);
  });
});
