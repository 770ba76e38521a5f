import { describe, expect, it } from 'vitest';
import { everyDay, stackedSeries } from './daily-series.ts';

describe('the deliveries chart: every day of the period', () => {
  it('puts every day of a 30-day period on the axis, zeros where nothing was sent', () => {
    const days = everyDay([{ day: '2026-11-20', sent: 3, failed: 1 }], '2026-10-31', '2026-11-29');
    expect(days).toHaveLength(30);
    expect(days[0]).toEqual({ day: '2026-10-31', sent: 0, failed: 0 });
    expect(days.at(-1)).toEqual({ day: '2026-11-29', sent: 0, failed: 0 });
    expect(days.find((d) => d.day === '2026-11-20')).toEqual({ day: '2026-11-20', sent: 3, failed: 1 });
    expect(days.filter((d) => d.sent + d.failed > 0)).toHaveLength(1);
  });

  it('counts the days across a month end and a leap day, in order, none twice', () => {
    const days = everyDay([], '2028-02-27', '2028-03-01').map((d) => d.day);
    expect(days).toEqual(['2028-02-27', '2028-02-28', '2028-02-29', '2028-03-01']);
  });

  it('leaves out counts outside the period and answers nothing for a period that ends before it starts', () => {
    expect(everyDay([{ day: '2026-01-01', sent: 9, failed: 0 }], '2026-01-02', '2026-01-02')).toEqual([
      { day: '2026-01-02', sent: 0, failed: 0 },
    ]);
    expect(everyDay([], '2026-01-05', '2026-01-01')).toEqual([]);
    expect(everyDay([], 'not a day', '2026-01-01')).toEqual([]);
  });

  it('stacks sent and failed per day, in the order of the days', () => {
    const series = stackedSeries(
      everyDay(
        [
          { day: '2026-11-02', sent: 4, failed: 2 },
          { day: '2026-11-01', sent: 1, failed: 0 },
        ],
        '2026-11-01',
        '2026-11-03',
      ),
    );
    expect(series).toEqual({
      days: ['2026-11-01', '2026-11-02', '2026-11-03'],
      sent: [1, 4, 0],
      failed: [0, 2, 0],
    });
  });
});
