import { scaleLinear } from "@visx/scale";
import { line } from "@visx/shape";
import type { Tick } from "@/lib/charts/series";
import { LineChartSvg, type LineChartDrawing } from "./line-chart-svg";

export type LinePoint = { value: number | null };

/**
 * Coordinates to a tenth of a unit: the viewBox is 320-560 units wide, so a tenth is below a
 * pixel, and /alerts draws 38 of these charts (docs/performance.md "/alerts as regenerated").
 */
const tenth = (n: number): number => Math.round(n * 10) / 10;

type LineChartProps = {
  /** The ChartFigure id this SVG belongs to (its name and description). */
  id: string;
  points: readonly LinePoint[];
  ticks: readonly Tick[];
  yFormat?: (value: number) => string;
  width?: number;
  height?: number;
  yTicks?: number;
  /** Start the value axis at zero (rates); otherwise fit the data (index levels). */
  zeroBased?: boolean;
};

/**
 * A line chart on an evenly spaced axis (months or weeks), drawn as plain SVG: worked out
 * here with visx scales and line generator, drawn by ./line-chart-svg.tsx. A null value is a
 * gap: the line stops before it and starts again after it (the generator's `defined`), the
 * missing stretch is shaded, and a reading with gaps on both sides is drawn as a dot so it
 * does not vanish.
 */
export function LineChart(props: LineChartProps) {
  return <LineChartSvg drawing={lineChartDrawing(props)} />;
}

/** The chart's coordinates, labels and paths (to a tenth): what LineChartSvg draws. */
function lineChartDrawing({
  id,
  points,
  ticks,
  yFormat = (v) => String(v),
  width = 400,
  height = 200,
  yTicks = 4,
  zeroBased = false,
}: LineChartProps): LineChartDrawing {
  const margin = { top: 10, right: 14, bottom: 26, left: 46 };
  const innerW = width - margin.left - margin.right;
  const innerH = height - margin.top - margin.bottom;
  const values = points.map((p) => p.value).filter((v): v is number => v !== null);
  const lo = values.length ? Math.min(...values) : 0;
  const hi = values.length ? Math.max(...values) : 1;
  const pad = (hi - lo || Math.abs(hi) || 1) * 0.08;
  const x = scaleLinear<number>({ domain: [0, Math.max(points.length - 1, 1)], range: [0, innerW] });
  const y = scaleLinear<number>({ domain: [zeroBased ? Math.min(0, lo) : lo - pad, hi + pad], range: [innerH, 0], nice: true });
  const step = points.length > 1 ? innerW / (points.length - 1) : innerW;

  // Stretches of missing values between the first and last reading.
  const firstIdx = points.findIndex((p) => p.value !== null);
  const lastIdx = points.length - 1 - [...points].reverse().findIndex((p) => p.value !== null);
  const gaps: { from: number; to: number }[] = [];
  if (firstIdx >= 0) {
    let start: number | null = null;
    for (let i = firstIdx; i <= lastIdx; i++) {
      if (points[i]!.value === null) start ??= i;
      else if (start !== null) {
        gaps.push({ from: start, to: i - 1 });
        start = null;
      }
    }
  }
  const isolated = points
    .map((p, i) => ({ p, i }))
    .filter(({ p, i }) => p.value !== null && (points[i - 1]?.value ?? null) === null && (points[i + 1]?.value ?? null) === null);
  const indexed = points.map((p, i) => ({ i, value: p.value }));
  const last = lastIdx >= 0 && lastIdx < points.length ? { i: lastIdx, value: points[lastIdx]!.value! } : null;

  const yValues = y.ticks(yTicks);
  const axes =
    `M0,0V${innerH}H${innerW}` +
    // Tick marks 8 units long, as absolute moves: a relative one, lowercase h then -8, is a
    // height class to Tailwind's scanner.
    yValues.map((v) => `M0,${tenth(y(v))}H-8`).join("") +
    ticks.map((t) => `M${tenth(x(t.index))},${innerH}V${innerH + 8}`).join("");

  const path = line<{ i: number; value: number | null }>({
    x: (d) => tenth(x(d.i)),
    y: (d) => tenth(y(d.value ?? 0)),
    defined: (d) => d.value !== null,
  });
  return {
    id,
    width,
    height,
    origin: [margin.left, margin.top],
    innerH,
    gaps: gaps.map((g) => [tenth(x(g.from) - step / 2), tenth(step * (g.to - g.from + 1)), `${g.from}-${g.to}`]),
    axes,
    yLabels: yValues.map((v) => [tenth(y(v)), yFormat(v)]),
    xLabels: ticks.map((t) => [tenth(x(t.index)), t.label]),
    line: path(indexed) ?? "",
    dots: isolated.map(({ p, i }) => [tenth(x(i)), tenth(y(p.value!))]),
    last: last ? [tenth(x(last.i)), tenth(y(last.value))] : null,
  };
}
