import { ChartFigure } from "@/components/charts/chart-figure";
import { chartLabelProps } from "@/components/charts/chart-label";
import { Card, CardContent, CardDescription, CardHeader } from "@/components/ui/card";
import type { DiaryBandPoint, DiaryChart } from "@/lib/watchlist/price-diary";
import { ABOVE_MARGIN_CENTS, ABOVE_MARGIN_PP, STAYS_UP_DAYS, daysBetween } from "@/lib/watchlist/price-diary-rule";
import { DeletePriceButton, PriceDiaryForm } from "./price-diary-form";

const money = (cents: number) => `$${(cents / 100).toFixed(2)}`;

const W = 640;
const H = 240;
const M = { left: 64, right: 16, top: 12, bottom: 30 };

/** The band as a step area and the prices as a line with dots, worked out to coordinates. */
function drawing(chart: DiaryChart) {
  const { entries, band } = chart;
  const days = [...entries.map((e) => e.paidOn), ...(band ?? []).map((b) => b.day)].sort();
  const first = days[0]!;
  const span = Math.max(1, daysBetween(first, days.at(-1)!));
  const values = [...entries.map((e) => e.priceCents), ...(band ?? []).flatMap((b) => [b.low, b.high])];
  const lo = Math.min(...values);
  const hi = Math.max(...values);
  const pad = Math.max(100, (hi - lo) * 0.15);
  const y0 = Math.max(0, lo - pad);
  const y1 = hi + pad;
  const iw = W - M.left - M.right;
  const ih = H - M.top - M.bottom;
  const x = (day: string) => (entries.length === 1 && !band?.length ? iw / 2 : (daysBetween(first, day) / span) * iw);
  const y = (cents: number) => ih - ((cents - y0) / (y1 - y0)) * ih;
  const f = (n: number) => n.toFixed(1);
  let area: string | null = null;
  if (band && band.length) {
    // Step after: each point's band holds until the next point's day.
    const pts: DiaryBandPoint[] = band;
    const top: string[] = [];
    const bottom: string[] = [];
    pts.forEach((p, i) => {
      const xa = x(p.day);
      const xb = i + 1 < pts.length ? x(pts[i + 1]!.day) : Math.max(xa + 2, x(p.day));
      top.push(`${f(xa)},${f(y(p.high))}`, `${f(xb)},${f(y(p.high))}`);
      bottom.unshift(`${f(xa)},${f(y(p.low))}`, `${f(xb)},${f(y(p.low))}`);
    });
    area = `M${top.join("L")}L${bottom.join("L")}Z`;
  }
  const ticks = [0, 1, 2, 3].map((i) => y0 + ((y1 - y0) * i) / 3);
  return {
    area,
    line: entries.map((e, i) => `${i ? "L" : "M"}${f(x(e.paidOn))},${f(y(e.priceCents))}`).join(""),
    dots: entries.map((e) => [e.id, f(x(e.paidOn)), f(y(e.priceCents))] as const),
    yLabels: ticks.map((t) => [f(y(t)), `$${(t / 100).toFixed(t < 10_000 ? 2 : 0)}`] as const),
    xLabels: first === days.at(-1) ? [[f(x(first)), first] as const] : ([[f(0), first] as const, [f(iw), days.at(-1)!] as const] as const),
    ih,
    iw,
  };
}

function bandOn(band: DiaryBandPoint[] | null, day: string): DiaryBandPoint | null {
  if (!band) return null;
  return band.filter((b) => b.day <= day).at(-1) ?? null;
}

export type DiaryNote = { id: string; title: string; reason: string; createdAt: string };

/**
 * The watch page's "Price diary" (docs/alerts.md, "Price diary"): the form, the chart of the
 * recorded prices against the prices the tariff explains from the first one (a figure with
 * its sentence and a table), the entries with delete, and the alerts the diary raised.
 */
export function PriceDiary({ watchId, today, chart, notes }: { watchId: string; today: string; chart: DiaryChart; notes: DiaryNote[] }) {
  const { entries, band } = chart;
  const base = entries[0];
  const last = entries.at(-1);
  const d = entries.length ? drawing(chart) : null;
  const lastBand = last ? bandOn(band, last.paidOn) : null;
  const summary =
    base && last
      ? `${entries.length} price${entries.length === 1 ? "" : "s"} recorded, from ${money(base.priceCents)} on ${base.paidOn} to ${money(last.priceCents)} on ${last.paidOn}. ` +
        (lastBand
          ? `From the first price, the tariff law explains ${money(lastBand.low)} to ${money(lastBand.high)} by ${last.paidOn} (the shaded band).`
          : "What the tariff law explains is unknown for this watch, so no band is drawn.")
      : "";
  return (
    <Card>
      <CardHeader>
        <h2 id="diary-heading" className="text-lg font-semibold">
          Price diary
        </h2>
        <CardDescription>
          Record what you actually paid. We compare each price with your first one: an alert when a price rose more than {ABOVE_MARGIN_PP}{" "}
          percentage points and {money(ABOVE_MARGIN_CENTS)} above what the tariff explains, or has not come down {STAYS_UP_DAYS} days after a
          tariff ended.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid grid-cols-1 gap-6">
        <PriceDiaryForm watchId={watchId} today={today} />
        {notes.length ? (
          <ul className="grid grid-cols-1 gap-2" data-testid="diary-alerts" aria-label="Alerts from your price diary">
            {notes.map((n) => (
              <li key={n.id} className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-slate-900">
                <p className="font-semibold">{n.title}</p>
                <p>{n.reason}</p>
                <a href={`/alerts/mine/${n.id}`} className="font-medium text-primary underline">
                  Open the alert
                </a>
              </li>
            ))}
          </ul>
        ) : null}
        {d && base ? (
          <ChartFigure
            id="chart-price-diary"
            testId="chart-price-diary"
            title="Your prices against what the tariff explains"
            summary={summary}
            source="Band: this watch's projection on your first price's day, over the days to each price, fully passed on (low to high)."
            table={{
              caption: "Recorded prices and the prices the tariff explains from the first one",
              columns: ["Day", "You paid", "Shop", "Tariff explains"],
              rows: entries.map((e) => {
                const b = bandOn(band, e.paidOn);
                return [e.paidOn, money(e.priceCents), e.shop ?? "", b ? `${money(b.low)} to ${money(b.high)}` : "unknown"];
              }),
            }}
          >
            <svg viewBox={`0 0 ${W} ${H}`} className="h-auto w-full overflow-visible" {...chartLabelProps("chart-price-diary")}>
              <g transform={`translate(${M.left}, ${M.top})`}>
                {d.area ? <path d={d.area} fill="#dbeafe" stroke="#93c5fd" data-testid="diary-band" /> : null}
                <path d={`M0,0V${d.ih}H${d.iw}`} stroke="#cbd5e1" fill="none" shapeRendering="crispEdges" />
                <g fill="#475569" fontSize={11} textAnchor="end">
                  {d.yLabels.map(([yy, text]) => (
                    <text key={yy} x={-8} y={yy} dy="0.33em">
                      {text}
                    </text>
                  ))}
                </g>
                <g fill="#475569" fontSize={11}>
                  {d.xLabels.map(([xx, text], i) => (
                    <text key={text} x={xx} y={d.ih + 20} textAnchor={d.xLabels.length === 1 ? "middle" : i === 0 ? "start" : "end"}>
                      {text}
                    </text>
                  ))}
                </g>
                <path d={d.line} fill="none" stroke="#1d4ed8" strokeWidth={2} strokeLinejoin="round" />
                {d.dots.map(([id, cx, cy]) => (
                  <circle key={id} cx={cx} cy={cy} r={3.5} fill="#1d4ed8" stroke="#fff" strokeWidth={1.5} />
                ))}
              </g>
            </svg>
          </ChartFigure>
        ) : (
          <p className="text-sm text-muted-foreground" data-testid="diary-empty">
            No prices recorded yet. Your first price is the one later prices are compared with.
          </p>
        )}
        {entries.length ? (
          <ul className="divide-y rounded-md border" data-testid="diary-entries" aria-label="Recorded prices">
            {[...entries].reverse().map((e) => (
              <li key={e.id} className="flex flex-wrap items-center justify-between gap-2 px-3 py-2 text-sm">
                <span className="wrap-anywhere">
                  <span className="font-semibold">{money(e.priceCents)}</span> on {e.paidOn}
                  {e.shop ? ` at ${e.shop}` : ""}
                  {e.id === base?.id ? " (first price)" : ""}
                </span>
                <DeletePriceButton watchId={watchId} entryId={e.id} label={`${money(e.priceCents)} on ${e.paidOn}`} />
              </li>
            ))}
          </ul>
        ) : null}
      </CardContent>
    </Card>
  );
}
