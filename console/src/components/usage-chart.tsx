import { useEffect, useRef } from 'preact/hooks';
import type uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';

/** Colours of the series in turn, each readable on white. */
const PALETTE = ['#1d4ed8', '#b91c1c', '#166534', '#7c3aed', '#b45309', '#0e7490', '#be185d'];
const HEIGHT = 280;

export interface ChartSeries {
  label: string;
  /** One value per day of `days`; null where there was no use. */
  values: (number | null)[];
}

/**
 * A line per series over days, drawn by uPlot (loaded when a chart is first shown, so the rest
 * of the console does not carry it) at the width of its container.
 */
export function UsageChart({
  days,
  series,
  label,
  format,
}: {
  /** Each day's start, in seconds since the epoch. */
  days: number[];
  series: ChartSeries[];
  label: string;
  format: (value: number) => string;
}) {
  const container = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = container.current;
    if (!element) return;
    let chart: uPlot | undefined;
    let gone = false;
    const resize = new ResizeObserver(() =>
      chart?.setSize({ width: element.clientWidth, height: HEIGHT }),
    );
    void import('uplot').then(({ default: UPlot }) => {
      if (gone) return;
      chart = new UPlot(
        {
          width: element.clientWidth,
          height: HEIGHT,
          series: [
            {},
            ...series.map((each, index) => ({
              label: each.label,
              stroke: PALETTE[index % PALETTE.length],
              width: 2,
            })),
          ],
          axes: [{}, { size: 80, values: (_: uPlot, ticks: number[]) => ticks.map(format) }],
        },
        [days, ...series.map((each) => each.values)],
        element,
      );
      resize.observe(element);
    });
    return () => {
      gone = true;
      resize.disconnect();
      chart?.destroy();
    };
  }, [days, series, format]);
  return (
    <figure class="usage-chart">
      <figcaption>{label}</figcaption>
      <div ref={container} />
    </figure>
  );
}
