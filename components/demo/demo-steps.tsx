import { ArrowRight, BellRing, CalendarClock, ExternalLink, Minus, Store, TrendingUp } from "lucide-react";
import { ExamplesDataLine, SeverityBadge, UnconfirmedBadge, WorkingLink, dayText } from "@/components/landing/reference-examples";
import { formatPrice } from "@/lib/catalog";
import { fixedPct, signedDollars, signedPct } from "@/lib/tariffs/evidence";
import { EXAMPLE_PRICE_LABEL, type Comparison, type ReferenceExample } from "@/lib/alerts/reference-basket";
import { MIN_SUPPLY_SHARE } from "@/lib/tariffs/alternatives";
import { cn } from "@/lib/utils";
import { DEMO_STEP_TITLES, retailerSearchUrl } from "./demo-data";
import type { DemoStory } from "@/lib/alerts/demo-story";

/**
 * The four panels of /demo, rendered on the server from the engine's figures
 * (lib/alerts/demo-story.ts): one reference-basket item, its alert, its lower-tariff
 * origins, the basket as a weekly report and as a watchlist. Prices are the basket's example
 * prices, labelled so; every other figure is computed, with its working on /examples.
 */

const regionNames = new Intl.DisplayNames(["en"], { type: "region" });
/** "MX" → "Mexico". */
const country = (iso2: string) => regionNames.of(iso2) ?? iso2;

const price = (cents: number) => formatPrice(cents, { cents: true });

function duty(c: Comparison, which: "before" | "after"): string {
  const total = c[which].total;
  return total === null ? "unknown" : fixedPct(total, 1);
}

/** The landed cost moved in this comparison (same rule as the landing page's examples). */
function moved(c: Comparison): boolean {
  return c.landedChangePct !== null && Math.abs(c.landedChangePct) >= 0.005;
}

/** Cents expected on the shelf by the horizon (central), on the example price. */
function byHorizonCents(example: ReferenceExample): number {
  const pct = example.event.byHorizon?.central ?? 0;
  return Math.round((example.item.examplePriceCents * pct) / 100);
}

function itemName(example: ReferenceExample): string {
  return `${example.item.name}, made in ${example.originName}`;
}

function StepHeading({ index, children }: { index: number; children: React.ReactNode }) {
  return (
    <div>
      <h2 className="text-2xl font-bold tracking-tight text-brand-navy">{DEMO_STEP_TITLES[index]}</h2>
      <p className="mt-1 text-slate-700">{children}</p>
    </div>
  );
}

export function AlertStep({ story }: { story: DemoStory }) {
  const { example, data } = story;
  const e = example.event;
  const b = example.sinceBaseline;
  return (
    <div className="grid gap-6">
      <StepHeading index={0}>
        When a tariff change reaches something on your watchlist, you get an alert by email or text: the duty before
        and after, what it can mean on the shelf, and how we computed it.
      </StepHeading>
      <article aria-label="Example alert" className="rounded-xl border border-red-200 bg-white shadow-sm" data-testid="demo-alert">
        <div className="flex flex-wrap items-center justify-between gap-3 border-b border-red-100 bg-red-50 px-5 py-3">
          <p className="flex items-center gap-2 font-semibold text-red-800">
            <BellRing aria-hidden className="size-5" />
            Tariff price alert
          </p>
          <p className="flex flex-wrap items-center gap-2 text-sm text-slate-700">
            <SeverityBadge severity={e.severity} />
            {example.unconfirmed ? <UnconfirmedBadge /> : null}
            <span className="flex items-center gap-1">
              <CalendarClock aria-hidden className="size-3.5" />
              In force {dayText(data.event.t1)}
            </span>
          </p>
        </div>
        <div className="grid gap-4 p-5">
          <div>
            <h3 className="text-lg font-semibold text-slate-900">{itemName(example)}</h3>
            <p className="text-sm text-slate-600">
              HTS {example.line.code} · {example.category.name} ·{" "}
              <span data-testid="demo-example-price">
                {price(example.item.examplePriceCents)} {EXAMPLE_PRICE_LABEL}
              </span>
            </p>
          </div>
          <p className="flex flex-wrap items-baseline gap-x-3 gap-y-1" data-testid="demo-alert-duty">
            <span className="text-sm text-slate-600">Duty</span>
            <span className="text-lg text-slate-700">{duty(e, "before")}</span>
            <ArrowRight aria-hidden className="size-4 self-center text-slate-500" />
            <span className="sr-only"> to </span>
            <span className="text-2xl font-bold text-red-700">{duty(e, "after")}</span>
            {e.landedChangePct !== null ? (
              <span className="inline-flex items-center gap-1 rounded-full bg-red-50 px-2.5 py-0.5 text-sm font-semibold text-red-700">
                <TrendingUp aria-hidden className="size-3.5" />
                landed cost {signedPct(e.landedChangePct)}
              </span>
            ) : null}
          </p>
          <p className="text-slate-700">
            {data.event.title} on {dayText(data.event.t1)}: the duty stack goes from{" "}
            <span className="font-mono text-sm">{e.beforeFormula}</span> to <span className="font-mono text-sm">{e.afterFormula}</span>.
          </p>
          {e.band && e.dollars ? (
            <ul className="grid gap-2 text-sm text-slate-800" data-testid="demo-alert-band">
              <li>
                Shelf price, low / central / high: <strong>{signedPct(e.band.low)} / {signedPct(e.band.central)} / {signedPct(e.band.high)}</strong>, on
                the {price(example.item.examplePriceCents)} example price{" "}
                <strong>
                  {signedDollars(e.dollars.low)} / {signedDollars(e.dollars.central)} / {signedDollars(e.dollars.high)}
                </strong>
                .
              </li>
              <li>
                By {dayText(e.horizonEnd)} about {signedDollars(byHorizonCents(example))} of it (central) is expected on the shelf: price
                changes reach shelves over about {data.passThrough.rampMonths} months.
              </li>
              <li>
                Since {dayText(data.baseline)}: duty {duty(b, "before")} → {duty(b, "after")}
                {b.landedChangePct !== null ? `, landed cost ${signedPct(b.landedChangePct)}` : ""}.
              </li>
            </ul>
          ) : null}
          <WorkingLink example={example} />
        </div>
      </article>
    </div>
  );
}

export function AlternativesStep({ story }: { story: DemoStory }) {
  const { example, alternatives } = story;
  const shown = alternatives.alternatives.slice(0, 3);
  const userDuty = alternatives.userDuty?.total;
  const year = alternatives.year;
  return (
    <div className="grid gap-6">
      <StepHeading index={1}>
        For every alert, TariffWatch names origins with lower tariff exposure and real US supply (at least {Math.round(MIN_SUPPLY_SHARE * 100)}% of the
        sector&apos;s US imports), computed from the same tariff tables.
      </StepHeading>
      <ul className="grid gap-4" aria-label={`Lower-tariff origins for a ${example.item.name.toLowerCase()}`}>
        {shown.map((alt, i) => (
          <li
            key={alt.country}
            className={cn(
              "flex flex-col gap-4 rounded-xl border bg-white p-5 shadow-sm sm:flex-row sm:items-center sm:justify-between",
              i === 0 ? "border-green-300 ring-1 ring-green-200" : "border-slate-200",
            )}
            data-testid="demo-alternative"
          >
            <div className="min-w-0">
              {i === 0 ? <p className="mb-1 text-xs font-bold uppercase tracking-wide text-green-800">Lowest exposure, largest supply</p> : null}
              <h3 className="font-semibold text-slate-900">Made in {country(alt.country)}</h3>
              <p className="mt-1 flex flex-wrap items-baseline gap-x-3">
                <span className="text-xl font-bold text-slate-900">duty {fixedPct(alt.duty.total ?? 0, 1)}</span>
                <span className="text-sm font-semibold text-green-800">
                  {alt.gapPp.toFixed(1)} points below {example.originName}
                  {userDuty !== undefined && userDuty !== null ? ` (${fixedPct(userDuty, 1)})` : ""}
                </span>
              </p>
              <p className="text-sm text-slate-600">
                {fixedPct(alt.share, 1)} of US imports of the sector{year ? ` (${year})` : ""}
              </p>
              {alt.conditional.length > 0 ? (
                <ul className="mt-2 list-disc pl-5 text-xs text-slate-600">
                  {alt.conditional.map((note) => (
                    <li key={note}>{note}</li>
                  ))}
                </ul>
              ) : null}
            </div>
            <a
              href={retailerSearchUrl(`${example.item.name.toLowerCase()} made in ${country(alt.country)}`)}
              target="_blank"
              rel="noopener noreferrer"
              data-testid="find-retailer"
              className="inline-flex h-10 shrink-0 items-center justify-center gap-2 rounded-md bg-success px-4 text-sm font-semibold text-success-foreground hover:bg-green-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
            >
              <Store aria-hidden className="size-4" />
              Find Retailer
              <span className="sr-only">
                {" "}
                for a {example.item.name.toLowerCase()} made in {country(alt.country)} (opens in a new tab)
              </span>
              <ExternalLink aria-hidden className="size-3.5" />
            </a>
          </li>
        ))}
      </ul>
      <p className="text-sm text-slate-700" data-testid="demo-alternatives-note">
        {alternatives.domestic.note} Lower tariff exposure does not mean a lower shelf price. Origin data is sector level
        {year ? ` (${year})` : ""}, not this exact product.
        {alternatives.alternatives.length > shown.length
          ? ` ${alternatives.alternatives.length - shown.length} more origins qualify; a watch in your account lists them all.`
          : ""}
      </p>
    </div>
  );
}

export function MarketReportStep({ story }: { story: DemoStory }) {
  const { data } = story;
  const rising = data.examples.filter((ex) => moved(ex.event));
  const unchanged = data.examples.filter((ex) => !moved(ex.event));
  return (
    <div className="grid gap-6">
      <StepHeading index={2}>
        Every week you get a short, plain-English report on the tariff changes behind the things you watch and which of
        them are still reaching shelves.
      </StepHeading>
      <article aria-label="Example weekly market report" className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
        <h3 className="text-lg font-semibold text-slate-900">Weekly market intelligence: the reference basket</h3>
        <ul className="mt-4 divide-y divide-slate-100">
          {data.examples.map((ex) => {
            const up = moved(ex.event);
            return (
              <li key={ex.item.id} className="flex items-start gap-4 py-3" data-testid="demo-report-line">
                <span
                  className={cn(
                    "inline-flex w-24 shrink-0 items-center justify-center gap-1 rounded-full px-2 py-0.5 text-sm font-bold tabular-nums",
                    up ? "bg-red-50 text-red-700" : "bg-slate-100 text-slate-700",
                  )}
                >
                  {up ? <TrendingUp aria-hidden className="size-3.5" /> : <Minus aria-hidden className="size-3.5" />}
                  {ex.event.landedChangePct === null ? "unknown" : up ? signedPct(ex.event.landedChangePct, 1) : signedPct(0, 1)}
                </span>
                <span>
                  <span className="block font-semibold text-slate-900">{itemName(ex)}</span>
                  <span className="text-sm text-slate-600">
                    Landed cost on {dayText(data.event.t1)}; duty {duty(ex.event, "before")} → {duty(ex.event, "after")}. Since{" "}
                    {dayText(data.baseline)}: {duty(ex.sinceBaseline, "before")} → {duty(ex.sinceBaseline, "after")}.
                  </span>
                </span>
              </li>
            );
          })}
        </ul>
        <div className="mt-4 grid gap-4 sm:grid-cols-2">
          <div className="rounded-lg bg-red-50 p-4">
            <h4 className="text-sm font-semibold text-red-800">Still reaching shelves (until {dayText(rising[0]?.event.horizonEnd ?? data.event.t1)})</h4>
            <ul className="mt-2 list-disc space-y-1 pl-5 text-sm text-slate-800">
              {rising.map((ex) => (
                <li key={ex.item.id}>{itemName(ex)}</li>
              ))}
            </ul>
          </div>
          <div className="rounded-lg bg-green-50 p-4">
            <h4 className="text-sm font-semibold text-green-900">No new change in this window</h4>
            <ul className="mt-2 list-disc space-y-1 pl-5 text-sm text-slate-800">
              {unchanged.map((ex) => (
                <li key={ex.item.id}>{itemName(ex)}</li>
              ))}
            </ul>
          </div>
        </div>
        <ExamplesDataLine data={data} className="mt-4 text-slate-600" />
      </article>
    </div>
  );
}

export function DashboardStep({ story }: { story: DemoStory }) {
  const { data } = story;
  const rising = data.examples.filter((ex) => moved(ex.event));
  const horizonEnd = data.examples[0]?.event.horizonEnd ?? data.event.t1;
  const expected = data.examples.reduce((sum, ex) => sum + byHorizonCents(ex), 0);
  const stats = [
    { label: "Items watched", value: String(data.examples.length), tone: "text-brand-navy" },
    { label: `Changed on ${dayText(data.event.t1)}`, value: String(rising.length), tone: "text-red-700" },
    { label: `Expected on the shelf by ${dayText(horizonEnd)} (central)`, value: signedDollars(expected), tone: "text-red-700" },
    { label: "Example prices watched", value: price(data.examples.reduce((sum, ex) => sum + ex.item.examplePriceCents, 0)), tone: "text-brand-navy" },
  ];
  return (
    <div className="grid gap-6">
      <StepHeading index={3}>
        Your dashboard keeps score: what you watch, what changed, and what it is expected to add to your prices.
        Here, the reference basket as a watchlist.
      </StepHeading>
      <div className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
        <h3 className="text-lg font-semibold text-slate-900">Your watchlist at a glance</h3>
        <dl className="mt-4 grid grid-cols-2 gap-3 lg:grid-cols-4">
          {stats.map((stat) => (
            <div key={stat.label} className="flex flex-col-reverse rounded-lg bg-slate-50 p-4">
              <dt className="mt-1 text-sm text-slate-700">{stat.label}</dt>
              <dd className={cn("text-2xl font-bold tabular-nums", stat.tone)}>{stat.value}</dd>
            </div>
          ))}
        </dl>
        <p className="mt-2 text-xs text-slate-600">
          Sum of each item&apos;s central projection on its example price, not a measured saving or cost.
        </p>
        <h4 className="mt-6 text-sm font-semibold text-slate-900">Watched items</h4>
        <ul className="mt-2 divide-y divide-slate-100">
          {data.examples.map((ex) => (
            <li key={ex.item.id} className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1 py-2.5 text-sm">
              <span className="font-medium text-slate-900">{itemName(ex)}</span>
              <span className={cn("text-right font-medium", moved(ex.event) ? "text-red-700" : "text-slate-600")}>
                {moved(ex.event) ? `${signedDollars(byHorizonCents(ex))} by ${dayText(ex.event.horizonEnd)}` : "No change this window"}
              </span>
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}
