import { Info } from "lucide-react";
import { Card, CardContent, CardDescription, CardHeader } from "@/components/ui/card";
import { datasetFreshness } from "@/lib/economy/freshness";
import { formatPeriod } from "@/lib/economy/periods";
import type { CpiRow, DatasetDetails, PpiRow, SourceCheckDetails } from "@/lib/economy/schemas";
import { ChangeValue } from "./change-value";
import { formatIndex } from "./format";
import { SourceChecked } from "./source-checked";
import { TrendChart } from "./trend-chart";

type Row = { label: string; value: number | null; change: number | null };

/** Where the figures come from and what month they are: named on the page (docs/product-rules.md §D7). */
function SourceLine({ details, survey, check }: { details: DatasetDetails | undefined; survey: "CPI" | "PPI"; check: SourceCheckDetails | undefined }) {
  if (!details) return null;
  return (
    <p className="text-xs text-slate-600" data-testid="source-line">
      Source:{" "}
      <a href={details.source.url} className="font-medium text-primary underline-offset-2 hover:underline" target="_blank" rel="noopener noreferrer">
        {details.source.name}
        <span className="sr-only"> (opens in a new tab)</span>
      </a>
      , {details.source.detail}. Figures:{" "}
      <span data-testid={`${survey.toLowerCase()}-source-freshness`}>
        {datasetFreshness(survey, details)}
      </span>
      .{" "}
      <SourceChecked check={check} source="Source" />
      {check ? "." : null}
    </p>
  );
}

function Missing({ details, survey }: { details: DatasetDetails | undefined; survey: "CPI" | "PPI" }) {
  if (!details) return null;
  const month = details.asOf ? formatPeriod(details.asOf) : null;
  const published = Object.values(details.series).some((s) => s.basis === "published");
  return (
    <div className="space-y-2 text-xs text-slate-600">
      {published && month ? (
        <p>
          <span aria-hidden>†</span> 12-month change as printed by BLS in its {month} table (preliminary): the index levels for {month} were not in
          the offline snapshot, so the change cannot be computed here. The scheduled refresh from the BLS API brings the levels.
        </p>
      ) : null}
      {details.missing.length && month ? (
        <p data-testid={`${survey.toLowerCase()}-missing`}>
          No figure for {month}: {details.missing.join(", ")}. Shown as “—”, never estimated; the scheduled refresh from the BLS API fills these once BLS has them.
        </p>
      ) : null}
      {details.snapshotNotReadable.length && details.origin !== "bls-api" ? (
        <details>
          <summary className="cursor-pointer font-medium text-slate-700">
            Lines the offline snapshot{details.snapshotAsOf ? ` (${formatPeriod(details.snapshotAsOf)})` : ""} could not read ({details.snapshotNotReadable.length})
          </summary>
          <ul className="mt-1 list-disc space-y-0.5 pl-5">
            {details.snapshotNotReadable.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        </details>
      ) : null}
    </div>
  );
}

/** The months the trend charts span: from the oldest stored reading to the as-of month. */
function trendDomain(details: DatasetDetails | undefined): { from: string; to: string } | undefined {
  if (!details?.asOf) return undefined;
  const starts = Object.values(details.series)
    .map((s) => s.history[0]?.period)
    .filter((p): p is string => Boolean(p));
  if (starts.length === 0) return undefined;
  return { from: starts.reduce((a, b) => (a < b ? a : b)), to: details.asOf };
}

function SeriesTable({
  survey,
  rows,
  details,
  labelHeading,
}: {
  survey: "CPI" | "PPI";
  rows: readonly Row[];
  details: DatasetDetails | undefined;
  labelHeading: string;
}) {
  const withTrend = survey === "CPI";
  const domain = withTrend ? trendDomain(details) : undefined;
  return (
    <div className="-mx-2 overflow-x-auto">
      <table className="w-full min-w-[24rem] border-collapse text-sm">
        <caption className="sr-only">
          {survey === "CPI" ? "Consumer Price Index" : "Producer Price Index"} by {labelHeading.toLowerCase()}
          {details?.asOf ? `, ${formatPeriod(details.asOf)}` : ""}
        </caption>
        <thead>
          <tr className="border-b text-left text-xs uppercase tracking-wide text-slate-600">
            <th scope="col" className="px-2 py-2 font-semibold">
              {labelHeading}
            </th>
            {withTrend ? (
              <th scope="col" className="px-2 py-2 font-semibold">
                Trend{domain ? <span className="sr-only"> of the index, {formatPeriod(domain.from)} to {formatPeriod(domain.to)}</span> : null}
              </th>
            ) : null}
            <th scope="col" className="px-2 py-2 text-right font-semibold">
              Index
            </th>
            <th scope="col" className="px-2 py-2 text-right font-semibold">
              12-month change
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => {
            const detail = details?.series[row.label];
            return (
              <tr key={row.label} className="border-b last:border-0" data-testid={`${survey.toLowerCase()}-row`}>
                <th scope="row" className="px-2 py-2 text-left font-medium text-slate-900">
                  {row.label}
                </th>
                {withTrend ? <td className="px-2 py-1">{detail ? <TrendChart label={row.label} points={detail.history} domain={domain} /> : null}</td> : null}
                <td className="px-2 py-2 text-right tabular-nums text-slate-900">
                  {row.value === null ? (
                    <span className="text-muted-foreground">
                      <span aria-hidden>—</span>
                      <span className="sr-only">not available</span>
                    </span>
                  ) : (
                    formatIndex(row.value)
                  )}
                </td>
                <td className="px-2 py-2 text-right">
                  <ChangeValue change={row.change} />
                  {detail?.basis === "published" ? (
                    <span className="ml-0.5 text-xs text-slate-600">
                      <span aria-hidden>†</span>
                      <span className="sr-only"> as printed by BLS</span>
                    </span>
                  ) : null}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

/** Economic Data tab: the CPI and PPI lists with their source, month, gaps and trends. */
export function EconomicDataPanel({
  cpi,
  ppi,
  details,
}: {
  cpi: readonly CpiRow[];
  ppi: readonly PpiRow[];
  details: { cpi: DatasetDetails; ppi: DatasetDetails; checks?: { bls: SourceCheckDetails } } | undefined;
}) {
  const asOf = (d: DatasetDetails | undefined) => (d?.asOf ? `As of ${formatPeriod(d.asOf)}` : null);
  const cpiDomain = trendDomain(details?.cpi);
  return (
    <div className="grid gap-6 xl:grid-cols-2">
      <Card className="min-w-0">
        <CardHeader>
          <div className="flex flex-wrap items-baseline justify-between gap-2">
            <h2 className="text-lg font-semibold leading-tight">Consumer Price Index (CPI)</h2>
            {asOf(details?.cpi) ? (
              <span className="rounded-full bg-blue-50 px-2.5 py-0.5 text-xs font-semibold text-blue-900" data-testid="cpi-as-of">
                {asOf(details?.cpi)}
              </span>
            ) : null}
          </div>
          <CardDescription>What households pay: index level (1982-84 = 100, not seasonally adjusted) and change over 12 months.</CardDescription>
          <SourceLine details={details?.cpi} survey="CPI" check={details?.checks?.bls} />
        </CardHeader>
        <CardContent className="space-y-4">
          {cpi.length === 0 ? (
            <p className="rounded-md bg-muted px-4 py-6 text-center text-muted-foreground">No CPI data available</p>
          ) : (
            <SeriesTable survey="CPI" rows={cpi.map((r) => ({ label: r.category, value: r.value, change: r.change }))} details={details?.cpi} labelHeading="Category" />
          )}
          {cpi.length && cpiDomain ? (
            <p className="text-xs text-slate-600">
              Trend: the stored monthly index levels from {formatPeriod(cpiDomain.from)} to {formatPeriod(cpiDomain.to)}, on one time
              axis; the dot marks the latest. A break in a line is a month with no reading (for example October to December 2025, not published
              during the federal funding lapse or not in the snapshot): nothing is drawn in between.
            </p>
          ) : null}
          <Missing details={details?.cpi} survey="CPI" />
        </CardContent>
      </Card>
      <Card className="min-w-0">
        <CardHeader>
          <div className="flex flex-wrap items-baseline justify-between gap-2">
            <h2 className="text-lg font-semibold leading-tight">Producer Price Index (PPI)</h2>
            {asOf(details?.ppi) ? (
              <span className="rounded-full bg-blue-50 px-2.5 py-0.5 text-xs font-semibold text-blue-900" data-testid="ppi-as-of">
                {asOf(details?.ppi)}
              </span>
            ) : null}
          </div>
          <CardDescription>What producers charge, which tends to reach shop prices later: final demand index and change over 12 months.</CardDescription>
          <SourceLine details={details?.ppi} survey="PPI" check={details?.checks?.bls} />
        </CardHeader>
        <CardContent className="space-y-4">
          {ppi.length === 0 ? (
            <p className="rounded-md bg-muted px-4 py-6 text-center text-muted-foreground">No PPI data available</p>
          ) : (
            <SeriesTable survey="PPI" rows={ppi.map((r) => ({ label: r.sector, value: r.value, change: r.change }))} details={details?.ppi} labelHeading="Sector" />
          )}
          <Missing details={details?.ppi} survey="PPI" />
        </CardContent>
      </Card>
      <p className="text-xs text-slate-600 xl:col-span-2">
        <Info aria-hidden className="mr-1 inline size-3.5 align-[-2px]" />
        Percent changes are computed from the stored index levels, rounded to one decimal as BLS does. A rise is shown in red with an up arrow, a
        fall in green with a down arrow.
      </p>
    </div>
  );
}
