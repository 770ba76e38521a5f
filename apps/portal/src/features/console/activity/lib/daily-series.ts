import type { DailyCount } from '../api/deliveries.ts';

const DAY_MS = 86_400_000;

/**
 * Every UTC day from `from` to `to` (YYYY-MM-DD, both included), each with its counts: the server answers only
 * the days that had deliveries, and a chart of those alone draws one wide bar for a single day; a day without
 * deliveries is a zero on the axis. Counts outside the period are left out.
 */
export function everyDay(counts: readonly DailyCount[], from: string, to: string): DailyCount[] {
  const start = Date.parse(`${from}T00:00:00Z`);
  const end = Date.parse(`${to}T00:00:00Z`);
  if (Number.isNaN(start) || Number.isNaN(end) || end < start) return [];
  const byDay = new Map(counts.map((c) => [c.day, c]));
  const days: DailyCount[] = [];
  for (let at = start; at <= end; at += DAY_MS) {
    const day = new Date(at).toISOString().slice(0, 10);
    const found = byDay.get(day);
    days.push({ day, sent: found?.sent ?? 0, failed: found?.failed ?? 0 });
  }
  return days;
}

/** The chart's two stacked series, in the order of the days: sent below, failed on top. */
export function stackedSeries(days: readonly DailyCount[]) {
  return {
    days: days.map((d) => d.day),
    sent: days.map((d) => d.sent),
    failed: days.map((d) => d.failed),
  };
}
