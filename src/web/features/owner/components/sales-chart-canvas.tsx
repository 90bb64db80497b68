import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
// uPlot's own few rules (legend, cursor); only pages that draw the chart load them
import 'uplot/dist/uPlot.min.css';
import type { SalesDay } from '../api/owner-api.ts';
import { CHART_HEIGHT, chartData, weekTicks } from '../lib/sales-days.ts';

export type SalesChartProps = {
  /** The days' sales in the currency's units (not minor units): what the bars and the axis read. */
  days: readonly Pick<SalesDay, 'date' | 'sales'>[];
  /** The legend's names of the two figures a touched bar shows: its day and its sales. */
  labels: { day: string; sales: string };
  /** A day's date as a label ("Tue, 24 Nov"). */
  dayLabel: (date: string) => string;
  /** A bar's amount (in the currency's units) as the shop writes prices. */
  price: (amount: number) => string;
  /** An amount short enough for the axis ("1.2K"). */
  short: (amount: number) => string;
};

/** The legend's figures for the last bar, today. */
function showToday(u: uPlot) {
  u.setLegend({ idx: u.data[0].length - 1 }, false);
}

/**
 * The 30 days as bars (decision 038), drawn by uPlot on a canvas. This module is loaded on
 * first use, so uPlot and its stylesheet reach only the owner's orders section. The canvas
 * says nothing to a screen reader: the card around it writes the figures out.
 */
export function SalesChartCanvas(props: SalesChartProps) {
  const box = useRef<HTMLDivElement>(null);
  const plot = useRef<uPlot | null>(null);
  // the chart's callbacks read the latest props: the chart is made once and given new data
  const latest = useRef(props);
  useEffect(() => {
    latest.current = props;
  });

  useEffect(() => {
    const el = box.current!;
    const day = (i: number | null | undefined) => (i == null ? '' : (latest.current.days[i]?.date ?? ''));
    const colour = getComputedStyle(el).getPropertyValue('--color-primary').trim() || '#2874f0';
    const chart = new uPlot(
      {
        width: el.clientWidth,
        height: CHART_HEIGHT,
        // room on the right so the last day's bar and label are not cut
        padding: [8, 24, 0, 0],
        // touch or hover shows the day and its sales in the legend; no zooming by dragging
        cursor: { drag: { x: false, y: false }, points: { show: false } },
        // with no bar touched, the legend shows today's sales rather than empty labels
        hooks: { setCursor: [(u) => u.cursor.idx == null && showToday(u)] },
        scales: { x: { time: false, range: (u) => [-0.5, u.data[0].length - 0.5] }, y: { range: (_u, _min, max) => [0, max > 0 ? max * 1.1 : 1] } },
        axes: [
          {
            splits: (u) => weekTicks(u.data[0].length),
            values: (_u, splits) => splits.map((i) => latest.current.dayLabel(day(i))),
            grid: { show: false },
            size: 30,
          },
          { values: (_u, splits) => splits.map((v) => latest.current.short(v)), size: 48, space: 40 },
        ],
        series: [
          { label: latest.current.labels.day, value: (_u, i) => (i == null ? '' : latest.current.dayLabel(day(i))) },
          {
            label: latest.current.labels.sales,
            fill: colour,
            stroke: colour,
            width: 0,
            paths: uPlot.paths.bars!({ size: [0.7, 24] }),
            points: { show: false },
            value: (_u, v) => (v == null ? '' : latest.current.price(v)),
          },
        ],
      },
      chartData(latest.current.days),
      el,
    );
    plot.current = chart;
    showToday(chart);
    // the card follows the phone's width and rotation
    const resize = new ResizeObserver(() => chart.setSize({ width: el.clientWidth, height: CHART_HEIGHT }));
    resize.observe(el);
    return () => {
      resize.disconnect();
      chart.destroy();
      plot.current = null;
    };
  }, []);

  // the live feed's refetch: the same chart, new bars (the query keeps the array while nothing changed)
  useEffect(() => {
    if (!plot.current) return;
    plot.current.setData(chartData(props.days));
    showToday(plot.current);
  }, [props.days]);

  return <div ref={box} aria-hidden="true" className="w-full" style={{ minHeight: CHART_HEIGHT }} />;
}
