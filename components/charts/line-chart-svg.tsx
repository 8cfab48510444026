"use client";

import { chartLabelProps } from "./chart-label";

/**
 * A line chart worked out to its coordinates (./line-chart.tsx lineChartDrawing): everything
 * the SVG needs and nothing it can derive. Pairs are [x, text], [cx, cy] and so on, to keep
 * the page's RSC payload small.
 */
export type LineChartDrawing = {
  /** The ChartFigure id this SVG belongs to (its name and description). */
  id: string;
  width: number;
  height: number;
  /** Where the plot area starts: the room left for the value labels and above. */
  origin: readonly [left: number, top: number];
  /** The plot area's height: the month or week labels sit below it. */
  innerH: number;
  /** Shaded stretches with no reading: [x, width, first and last index as "5-14"]. */
  gaps: readonly (readonly [x: number, width: number, range: string])[];
  /** The two axes and their tick marks, as one path. */
  axes: string;
  yLabels: readonly (readonly [y: number, text: string])[];
  xLabels: readonly (readonly [x: number, text: string])[];
  /** The line itself: a path with breaks at the gaps (visx's line generator). */
  line: string;
  /** Readings with a gap on both sides, drawn as dots so they do not vanish. */
  dots: readonly (readonly [cx: number, cy: number])[];
  /** The latest reading, marked. */
  last: readonly [cx: number, cy: number] | null;
};

/**
 * Draws a LineChartDrawing as plain SVG. A client component for the size of the page, not
 * for interaction: from a server component (the /alerts charts) only the drawing's numbers
 * travel in the RSC payload, about a quarter of the rendered tree's bytes, and the chart code
 * (visx) stays on the server (docs/performance.md "/alerts as regenerated"). The HTML is the
 * server's either way.
 */
export function LineChartSvg({ drawing: d }: { drawing: LineChartDrawing }) {
  const [left, top] = d.origin;
  return (
    <svg viewBox={`0 0 ${d.width} ${d.height}`} className="h-auto w-full overflow-visible" {...chartLabelProps(d.id)}>
      <g transform={`translate(${left}, ${top})`}>
        {d.gaps.map(([x, width, range]) => (
          <rect key={range} x={x} width={width} y={0} height={d.innerH} fill="#f1f5f9" data-gap={range} />
        ))}
        <path d={d.axes} stroke="#cbd5e1" fill="none" shapeRendering="crispEdges" />
        <g fill="#475569" fontSize={11} textAnchor="end">
          {d.yLabels.map(([y, text], i) => (
            <text key={i} x={-11} y={y} dy="0.33em">
              {text}
            </text>
          ))}
        </g>
        <g fill="#475569" fontSize={11}>
          {d.xLabels.map(([x, text], i) => (
            <text key={i} x={x} y={d.innerH + 19} textAnchor={i === 0 ? "start" : i === d.xLabels.length - 1 ? "end" : "middle"}>
              {text}
            </text>
          ))}
        </g>
        <path
          className="visx-linepath"
          d={d.line}
          fill="none"
          strokeLinecap="round"
          stroke="#1d4ed8"
          strokeWidth={2}
          strokeLinejoin="round"
        />
        {d.dots.map(([cx, cy]) => (
          <circle key={cx} cx={cx} cy={cy} r={2.5} fill="#1d4ed8" />
        ))}
        {d.last ? <circle cx={d.last[0]} cy={d.last[1]} r={3.5} fill="#1d4ed8" stroke="#fff" strokeWidth={1.5} /> : null}
      </g>
    </svg>
  );
}
