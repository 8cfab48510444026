import { addMonths, formatPeriod, monthsBetween } from "@/lib/economy/periods";
import { formatIndex } from "./format";

type Point = { period: string; value: number };

const WIDTH = 136;
const HEIGHT = 34;
const PAD = 3;

/** Runs of consecutive months: a gap in the data is a gap in the line, never bridged. */
function runs(points: readonly Point[]): Point[][] {
  const out: Point[][] = [];
  for (const p of points) {
    const current = out[out.length - 1];
    const last = current?.[current.length - 1];
    if (current && last && monthsBetween(last.period, p.period) === 1) current.push(p);
    else out.push([p]);
  }
  return out;
}

/** Missing stretches between the first and last reading, e.g. "October 2025 to December 2025". */
export function gapsIn(points: readonly Point[]): string[] {
  const gaps: string[] = [];
  for (let i = 1; i < points.length; i++) {
    const a = points[i - 1]!;
    const b = points[i]!;
    const missing = monthsBetween(a.period, b.period) - 1;
    if (missing === 1) gaps.push(formatPeriod(addMonths(a.period, 1)));
    else if (missing > 1) gaps.push(`${formatPeriod(addMonths(a.period, 1))} to ${formatPeriod(addMonths(b.period, -1))}`);
  }
  return gaps;
}

/** What the chart shows, in words: its text alternative. */
export function describeTrend(label: string, points: readonly Point[]): string {
  const first = points[0];
  const last = points[points.length - 1];
  if (!first || !last) return `${label}: no index readings stored.`;
  const change = ((last.value - first.value) / first.value) * 100;
  const direction = change > 0.05 ? "rose" : change < -0.05 ? "fell" : "held steady";
  const gaps = gapsIn(points);
  return (
    `${label} index, ${points.length} monthly readings: ${formatIndex(first.value)} in ${formatPeriod(first.period)}, ` +
    `${formatIndex(last.value)} in ${formatPeriod(last.period)}; it ${direction}${direction === "held steady" ? "" : ` ${Math.abs(change).toFixed(1)}%`} over the period.` +
    (gaps.length ? ` No readings for ${gaps.join("; ")}.` : "")
  );
}

/**
 * A small line chart of a CPI category's stored index levels (SVG, no library). Only the
 * points stored are drawn; a missing month breaks the line. The text alternative says
 * what it shows, including the gaps.
 */
export function TrendChart({ label, points, domain }: { label: string; points: readonly Point[]; domain?: { from: string; to: string } }) {
  if (points.length < 2) {
    return (
      <span className="text-xs text-muted-foreground">
        {points.length === 1 ? `One reading (${formatPeriod(points[0]!.period)})` : "No readings"}
      </span>
    );
  }
  // A shared time axis (domain) lines the rows up: the same month is at the same place in every chart.
  const first = domain?.from ?? points[0]!.period;
  const span = Math.max(monthsBetween(first, domain?.to ?? points[points.length - 1]!.period), 1);
  const values = points.map((p) => p.value);
  const min = Math.min(...values);
  const max = Math.max(...values);
  const range = max - min || 1;
  const x = (p: Point) => PAD + (monthsBetween(first, p.period) / span) * (WIDTH - 2 * PAD);
  const y = (p: Point) => HEIGHT - PAD - ((p.value - min) / range) * (HEIGHT - 2 * PAD);
  const description = describeTrend(label, points);
  const last = points[points.length - 1]!;
  return (
    <svg
      role="img"
      aria-label={description}
      viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
      width={WIDTH}
      height={HEIGHT}
      className="overflow-visible text-slate-600"
      data-testid="trend-chart"
    >
      <title>{description}</title>
      {runs(points).map((run) =>
        run.length === 1 ? (
          <circle key={run[0]!.period} cx={x(run[0]!)} cy={y(run[0]!)} r={1.6} fill="currentColor" />
        ) : (
          <polyline
            key={run[0]!.period}
            points={run.map((p) => `${x(p).toFixed(1)},${y(p).toFixed(1)}`).join(" ")}
            fill="none"
            stroke="currentColor"
            strokeWidth={1.6}
            strokeLinejoin="round"
            strokeLinecap="round"
          />
        ),
      )}
      <circle cx={x(last)} cy={y(last)} r={2.4} className="fill-primary" />
    </svg>
  );
}
