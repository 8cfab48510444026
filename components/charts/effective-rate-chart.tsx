import series from "@/data/tariffs/effective-rate.json";
import { describeRate, formatDay, shortMonthOfDate, weekTicks } from "@/lib/charts/series";
import type { EffectiveRateSeries } from "@/lib/charts/effective-rate";
import { ChartFigure } from "./chart-figure";
import { LineChart } from "./line-chart";

const data = series as EffectiveRateSeries;

/**
 * The average effective US tariff rate over time (weekly means of The Budget Lab at Yale's
 * daily series), from data/tariffs/effective-rate.json built by
 * scripts/tariffs/build-etr.ts. Static data, rendered on the server (its SVG and table by the
 * two small chart components of ./line-chart-svg.tsx and ./chart-table.tsx; visx stays on the server).
 */
export function EffectiveRateChart({ headingLevel = 3 }: { headingLevel?: 2 | 3 | 4 }) {
  const id = "chart-effective-rate";
  const ticks = weekTicks(
    data.weekly.map((w) => w.weekStart),
    3,
  );
  return (
    <ChartFigure
      id={id}
      testId="chart-effective-rate"
      headingLevel={headingLevel}
      title={`Average effective US tariff rate, ${shortMonthOfDate(data.first.date)} to ${shortMonthOfDate(data.last.date)}`}
      summary={`${describeRate(data)} Weekly averages of the daily rate.`}
      source={
        <>
          Source:{" "}
          <a href={data.source.url} className="font-medium text-primary underline-offset-2 hover:underline" rel="noopener noreferrer">
            The Budget Lab at Yale, tariff-impact-tracker F1_daily_etr.csv
          </a>
          , as of {data.source.asOf}. Import-weighted statutory rate on US imports (Census 2024 import weights); the series
          ends on {formatDay(data.last.date)}, later tariff actions are not in it.
        </>
      }
      table={{
        caption: "Average effective US tariff rate, weekly mean of the daily rate",
        columns: ["Week of", "Rate"],
        rows: data.weekly.map((w) => [w.weekStart, `${w.percent.toFixed(2)}%`]),
      }}
    >
      <LineChart id={id} points={data.weekly.map((w) => ({ value: w.percent }))} ticks={ticks} yFormat={(v) => `${v}%`} zeroBased />
    </ChartFigure>
  );
}
