import { BarController, BarElement, CategoryScale, Chart, Legend, LinearScale, Tooltip } from 'chart.js';
import { useEffect, useRef } from 'react';
import type { DailyCount } from '../api/deliveries.ts';
import { stackedSeries } from '../lib/daily-series.ts';

// Only what a bar chart needs (tree-shaken registration): the rest of Chart.js stays out of the bundle.
Chart.register(BarController, BarElement, CategoryScale, LinearScale, Legend, Tooltip);

export type DailyChartProps = {
  days: DailyCount[];
  labels: { day: (day: string) => string; sent: string; failed: string; summary: string };
  rtl: boolean;
};

/**
 * Sent and failed e-mails per day of the period (every day, lib/daily-series.ts) as stacked bars (Chart.js, loaded only when the deliveries section opens).
 * The canvas is an image named by a summary; the figures themselves are in the section's table.
 */
export default function DailyChart({ days, labels, rtl }: DailyChartProps) {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas?.getContext('2d')) return;
    const series = stackedSeries(days);
    const chart = new Chart(canvas, {
      type: 'bar',
      data: {
        labels: series.days.map(labels.day),
        datasets: [
          { label: labels.sent, data: series.sent, backgroundColor: '#2e7d4f' },
          { label: labels.failed, data: series.failed, backgroundColor: '#b3261e' },
        ],
      },
      options: {
        responsive: true,
        maintainAspectRatio: false,
        animation: false,
        locale: document.documentElement.lang || undefined,
        plugins: { legend: { position: 'bottom', rtl }, tooltip: { rtl } },
        scales: {
          // Every day of the period is on the axis (a day without e-mails is a zero); its labels thin out.
          x: { stacked: true, reverse: rtl, ticks: { autoSkip: true, maxRotation: 0 } },
          y: { stacked: true, beginAtZero: true, ticks: { precision: 0 } },
        },
      },
    });
    return () => chart.destroy();
  }, [days, labels, rtl]);
  return (
    <div className="tw-activity__chart">
      <canvas ref={canvasRef} role="img" aria-label={labels.summary} />
    </div>
  );
}
