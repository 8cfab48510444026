import { formatIndex } from "@/components/dashboard/format";
import { formatPeriod } from "@/lib/economy/periods";
import type { DashboardDetails, DashboardResponse } from "@/lib/economy/schemas";
import { describeBars, describeMonthly, monthlySeries, monthTicks, type MonthPoint } from "@/lib/charts/series";
import { BarChart } from "./bar-chart";
import { ChartFigure } from "./chart-figure";
import { LineChart } from "./line-chart";

const changeText = (v: number): string => `${v > 0 ? "+" : v < 0 ? "-" : ""}${Math.abs(v).toFixed(1)}%`;
const slug = (s: string): string => s.toLowerCase().replace(/[^a-z0-9]+/g, "-").replace(/^-|-$/g, "");

/** The months every CPI chart spans: the oldest stored reading to the as-of month, so the charts line up. */
export function cpiDomain(details: DashboardDetails["cpi"]): { from: string; to: string } | null {
  const starts = Object.values(details.series)
    .map((s) => s.history[0]?.period)
    .filter((p): p is string => Boolean(p));
  const ends = Object.values(details.series)
    .map((s) => s.history[s.history.length - 1]?.period)
    .filter((p): p is string => Boolean(p));
  if (!starts.length || !ends.length) return null;
  const from = starts.reduce((a, b) => (a < b ? a : b));
  const to = details.asOf ?? ends.reduce((a, b) => (a > b ? a : b));
  return { from, to };
}

function CpiChart({ label, series }: { label: string; series: MonthPoint[] }) {
  const id = `chart-cpi-${slug(label)}`;
  return (
    <ChartFigure
      id={id}
      testId="chart-cpi"
      headingLevel={4}
      title={label}
      summary={describeMonthly(label, series)}
      table={{
        caption: `${label}: Consumer Price Index by month`,
        columns: ["Month", "Index"],
        rows: series.map((p) => [formatPeriod(p.period), p.value === null ? "no reading" : formatIndex(p.value)]),
      }}
    >
      <LineChart id={id} points={series} ticks={monthTicks(series, 3)} yFormat={(v) => String(Math.round(v))} width={320} height={170} yTicks={3} />
    </ChartFigure>
  );
}

/**
 * The CPI history of every category as a line chart on one month axis (gaps are gaps), and
 * the PPI 12-month changes as bars. Rendered on the server as plain SVG; the line charts' SVG
 * and the tables are drawn by two small client components from compact props (./line-chart-svg.tsx,
 * ./chart-table.tsx), so the page's RSC payload carries numbers, not trees; visx stays on the server.
 */
export function EconomicCharts({ dashboard, details }: { dashboard: DashboardResponse; details: DashboardDetails }) {
  const domain = cpiDomain(details.cpi);
  const cpiCharts = domain
    ? dashboard.cpi
        .map((row) => ({ label: row.category, history: details.cpi.series[row.category]?.history ?? [] }))
        .filter((c) => c.history.length > 0)
        .map((c) => ({ label: c.label, series: monthlySeries(c.history, domain.from, domain.to) }))
    : [];
  const ppiMonth = details.ppi.asOf ? formatPeriod(details.ppi.asOf) : null;
  const ppiTitle = `Producer Price Index, 12-month change by sector${ppiMonth ? `, ${ppiMonth}` : ""}`;
  const ppiBars = dashboard.ppi.map((r) => ({ label: r.sector, value: r.change }));

  return (
    <div className="space-y-8">
      <section aria-labelledby="cpi-charts-heading" className="space-y-3">
        <h3 id="cpi-charts-heading" className="text-lg font-semibold text-brand-navy">
          Consumer prices by category{domain ? `, ${formatPeriod(domain.from)} to ${formatPeriod(domain.to)}` : ""}
        </h3>
        <p className="max-w-3xl text-sm text-slate-700">
          Each chart is one category&apos;s Consumer Price Index (1982-84 = 100, not seasonally adjusted), month by month on the same axis. A
          shaded stretch with no line is a month with no reading (for example October to December 2025, not published during the federal
          funding lapse or not in the snapshot): nothing is drawn there. The dot marks the latest reading.
        </p>
        {cpiCharts.length === 0 ? (
          <p className="rounded-md bg-muted px-4 py-6 text-center text-muted-foreground">No CPI history stored yet.</p>
        ) : (
          <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {cpiCharts.map((c) => (
              <CpiChart key={c.label} label={c.label} series={c.series} />
            ))}
          </div>
        )}
      </section>

      <section aria-labelledby="ppi-charts-heading" className="space-y-3">
        <h3 id="ppi-charts-heading" className="text-lg font-semibold text-brand-navy">
          Producer prices by sector
        </h3>
        {ppiBars.length === 0 ? (
          <p className="rounded-md bg-muted px-4 py-6 text-center text-muted-foreground">No PPI data stored yet.</p>
        ) : (
          <ChartFigure
            id="chart-ppi"
            testId="chart-ppi"
            headingLevel={4}
            title={ppiTitle}
            summary={`${describeBars(ppiTitle, ppiBars)} A rise is drawn in red to the right, a fall in green to the left.`}
            table={{
              caption: ppiTitle,
              columns: ["Sector", "12-month change"],
              rows: ppiBars.map((b) => [b.label, b.value === null ? "no figure" : changeText(b.value)]),
            }}
            className="max-w-3xl"
          >
            <BarChart id="chart-ppi" bars={ppiBars} format={changeText} width={560} labelWidth={230} labelChars={34} />
          </ChartFigure>
        )}
      </section>
    </div>
  );
}
