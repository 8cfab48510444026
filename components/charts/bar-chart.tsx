import { Group } from "@visx/group";
import { scaleBand, scaleLinear } from "@visx/scale";
import { Bar } from "@visx/shape";
import { chartLabelProps } from "./chart-label";

export type BarTone = "neutral" | "increase" | "saving" | "loss";
export type BarDatum = { label: string; value: number | null; tone?: BarTone };

const FILL: Record<BarTone, string> = {
  neutral: "#475569",
  increase: "#b91c1c",
  saving: "#15803d",
  loss: "#b91c1c",
};

/** Cut to `n` characters with "...". */
const truncate = (s: string, n: number): string => (s.length > n ? `${s.slice(0, n - 3)}...` : s);

/**
 * Horizontal bars from a zero line (negative values go left), drawn with visx scales as
 * plain SVG. No hooks: it renders in a server component (the /alerts PPI chart) and in
 * the calculator's client results alike. A missing value is written as "no figure", never
 * drawn as zero. By default a rise is red and a fall green, as on the dashboard.
 */
export function BarChart({
  id,
  bars,
  format,
  width = 480,
  rowHeight = 24,
  labelWidth = 170,
  labelChars = 26,
}: {
  id: string;
  bars: readonly BarDatum[];
  format: (value: number) => string;
  width?: number;
  rowHeight?: number;
  labelWidth?: number;
  labelChars?: number;
}) {
  const margin = { top: 4, right: 8, bottom: 4, left: labelWidth };
  const valueRoom = 64;
  const height = margin.top + margin.bottom + rowHeight * bars.length;
  const innerW = width - margin.left - margin.right;
  const values = bars.map((b) => b.value).filter((v): v is number => v !== null);
  const lo = Math.min(0, ...values);
  const hi = Math.max(0, ...values);
  const negRoom = lo < 0 ? valueRoom : 0;
  const x = scaleLinear<number>({ domain: [lo, hi === lo ? lo + 1 : hi], range: [negRoom, innerW - valueRoom] });
  const y = scaleBand<number>({ domain: bars.map((_, i) => i), range: [0, rowHeight * bars.length], padding: 0.25 });
  const zero = x(0);

  return (
    <svg viewBox={`0 0 ${width} ${height}`} className="h-auto w-full" {...chartLabelProps(id)}>
      <Group left={margin.left} top={margin.top}>
        {bars.map((b, i) => {
          const top = y(i) ?? 0;
          const mid = top + y.bandwidth() / 2;
          const tone = b.tone ?? (b.value !== null && b.value > 0 ? "increase" : b.value !== null && b.value < 0 ? "saving" : "neutral");
          return (
            <g key={`${b.label}-${i}`}>
              <text x={-8} y={mid} dy="0.33em" textAnchor="end" fontSize={12} fill="#334155">
                {truncate(b.label, labelChars)}
              </text>
              {b.value === null ? (
                <text x={zero + 4} y={mid} dy="0.33em" fontSize={11} fill="#64748b">
                  no figure
                </text>
              ) : (
                <>
                  <Bar
                    x={Math.min(zero, x(b.value))}
                    y={top}
                    width={Math.max(Math.abs(x(b.value) - zero), 1)}
                    height={y.bandwidth()}
                    fill={FILL[tone]}
                    rx={2}
                  />
                  <text
                    x={b.value < 0 ? x(b.value) - 4 : x(b.value) + 4}
                    y={mid}
                    dy="0.33em"
                    textAnchor={b.value < 0 ? "end" : "start"}
                    fontSize={11}
                    fontWeight={600}
                    fill="#0f172a"
                  >
                    {format(b.value)}
                  </text>
                </>
              )}
            </g>
          );
        })}
        <line x1={zero} x2={zero} y1={0} y2={rowHeight * bars.length} stroke="#94a3b8" />
      </Group>
    </svg>
  );
}
