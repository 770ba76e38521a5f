import { describe, expect, it } from 'vitest';
import { type SentMark, startSentMarks } from '../../src/modules/notifications/sent-marks.ts';

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
});
