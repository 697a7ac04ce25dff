import uPlot from 'uplot';
import type { DayInsights } from '../runtime/analytics/store-insights.ts';

/** Outcome series of the questions chart, bottom of the stack first, with their colours. */
const OUTCOMES = [
  { key: 'answered', label: 'Answered', color: '#16a34a' },
  { key: 'notFound', label: 'Not found', color: '#f59e0b' },
  { key: 'aborted', label: 'Aborted', color: '#94a3b8' },
  { key: 'failed', label: 'Failed', color: '#dc2626' },
] as const;

const DAY_SECONDS = 86_400;

/** Seconds of each day's start (uPlot's time scale counts seconds). */
function dayTimes(days: readonly DayInsights[]): number[] {
  return days.map((day) => Date.parse(`${day.day}T00:00:00Z`) / 1000);
}

/** Chart options shared by both charts: a UTC day axis, bars, the given width. */
function baseOptions(
  width: number,
  title: string,
): Pick<uPlot.Options, 'width' | 'height' | 'title' | 'tzDate' | 'scales' | 'axes' | 'cursor'> {
  return {
    width,
    height: 240,
    title,
    tzDate: (seconds) => uPlot.tzDate(new Date(seconds * 1000), 'Etc/UTC'),
    scales: {
      x: { time: true, range: (_chart, min, max) => [min - DAY_SECONDS / 2, max + DAY_SECONDS / 2] },
      y: { range: (_chart, _min, max) => [0, Math.max(1, max * 1.1)] },
    },
    axes: [{ space: 60 }, { size: 48 }],
    cursor: { points: { show: false } },
  };
}

/**
 * Questions per day stacked by outcome: each series is drawn at the running total of the outcomes below it (largest
 * first, so each lower band paints over it), while the legend shows each outcome's own count.
 */
export function questionsChart(target: HTMLElement, days: readonly DayInsights[], width: number): uPlot {
  const totals = days.map(() => 0);
  const stacked = OUTCOMES.map((outcome) =>
    days.map((day, index) => (totals[index] = (totals[index] as number) + day[outcome.key])),
  );
  const order = [...OUTCOMES.keys()].reverse();
  const bars = uPlot.paths.bars?.({ size: [0.7, 48] });
  return new uPlot(
    {
      ...baseOptions(width, 'Questions per day, by outcome'),
      series: [
        {},
        ...order.map((position) => {
          const outcome = OUTCOMES[position] as (typeof OUTCOMES)[number];
          return {
            label: outcome.label,
            fill: outcome.color,
            stroke: outcome.color,
            width: 0,
            ...(bars ? { paths: bars } : {}),
            points: { show: false },
            value: (_chart: uPlot, _value: number | null, _series: number, index: number | null) =>
              index === null ? '–' : String(days[index]?.[outcome.key] ?? 0),
          };
        }),
      ],
    },
    [dayTimes(days), ...order.map((position) => stacked[position] as number[])],
    target,
  );
}

/** Thumbs up and down per day, side by side, and the share of thumbs that were up. */
export function feedbackChart(target: HTMLElement, days: readonly DayInsights[], width: number): uPlot {
  const bars = (offset: number) => uPlot.paths.bars?.({ size: [0.35, 24], align: offset as 1 | -1 });
  const upBars = bars(-1);
  const downBars = bars(1);
  return new uPlot(
    {
      ...baseOptions(width, 'Feedback per day'),
      scales: { ...baseOptions(width, '').scales, rate: { range: [0, 100] } },
      axes: [
        { space: 60 },
        { size: 48 },
        {
          side: 1,
          scale: 'rate',
          size: 48,
          grid: { show: false },
          values: (_chart, ticks) => ticks.map((tick) => `${tick}%`),
        },
      ],
      series: [
        {},
        {
          label: 'Thumbs up',
          fill: '#16a34a',
          stroke: '#16a34a',
          width: 0,
          ...(upBars ? { paths: upBars } : {}),
          points: { show: false },
        },
        {
          label: 'Thumbs down',
          fill: '#dc2626',
          stroke: '#dc2626',
          width: 0,
          ...(downBars ? { paths: downBars } : {}),
          points: { show: false },
        },
        {
          label: 'Helpful',
          scale: 'rate',
          stroke: '#2563eb',
          width: 2,
          spanGaps: true,
          value: (_chart: uPlot, value: number | null) => (value === null ? '–' : `${Math.round(value)}%`),
        },
      ],
    },
    [
      dayTimes(days),
      days.map((day) => day.up),
      days.map((day) => day.down),
      days.map((day) => (day.up + day.down > 0 ? (100 * day.up) / (day.up + day.down) : null)),
    ],
    target,
  );
}
