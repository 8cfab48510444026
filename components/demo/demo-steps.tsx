import { ArrowRight, BellRing, CircleCheck, Clock, ExternalLink, Minus, Store, TrendingUp } from "lucide-react";
import { formatPrice } from "@/lib/catalog";
import { cn } from "@/lib/utils";
import {
  DEMO_ALERT,
  DEMO_ALTERNATIVES,
  DEMO_BUY_NOW,
  DEMO_CAN_WAIT,
  DEMO_DASHBOARD_STATS,
  DEMO_MARKET_REPORT,
  DEMO_STEP_TITLES,
  DEMO_WATCHED_CATEGORIES,
  retailerSearchUrl,
} from "./demo-data";

/** Shelf prices are in dollars; the catalog's formatter takes cents. */
const dollars = (amount: number) => formatPrice(Math.round(amount * 100), { cents: true });

/** The product the demo follows (made-up demo content, labelled as such on the page). */
const ALERT = DEMO_ALERT;

function StepHeading({ index, children }: { index: number; children: React.ReactNode }) {
  return (
    <div>
      <h2 className="text-2xl font-bold tracking-tight text-brand-navy">{DEMO_STEP_TITLES[index]}</h2>
      <p className="mt-1 text-slate-700">{children}</p>
    </div>
  );
}

export function AlertStep() {
  const increase = ALERT.newPrice - ALERT.currentPrice;
  return (
    <div className="grid gap-6">
      <StepHeading index={0}>
        The moment a tariff change affects something on your list, you get an alert by email or text, with the
        price now, the expected price and what to do about it.
      </StepHeading>
      <article aria-label="Example alert" className="rounded-xl border border-red-200 bg-white shadow-sm">
        <div className="flex flex-wrap items-center justify-between gap-3 border-b border-red-100 bg-red-50 px-5 py-3">
          <p className="flex items-center gap-2 font-semibold text-red-800">
            <BellRing aria-hidden className="size-5" />
            Tariff price alert
          </p>
          <p className="flex items-center gap-3 text-sm text-slate-700">
            <span className="rounded-full bg-red-700 px-2.5 py-0.5 text-xs font-bold uppercase text-white">
              {ALERT.severity}
              <span className="sr-only"> severity</span>
            </span>
            <span className="flex items-center gap-1">
              <Clock aria-hidden className="size-3.5" />2 minutes ago
            </span>
          </p>
        </div>
        <div className="grid gap-4 p-5">
          <div>
            <h3 className="text-lg font-semibold text-slate-900">{ALERT.productName}</h3>
            <p className="text-sm text-slate-600">{ALERT.category}</p>
          </div>
          <p className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
            <span className="sr-only">Price now </span>
            <span className="text-lg text-slate-600 line-through">{dollars(ALERT.currentPrice)}</span>
            <ArrowRight aria-hidden className="size-4 self-center text-slate-500" />
            <span className="sr-only">, expected </span>
            <span className="text-2xl font-bold text-red-700">{dollars(ALERT.newPrice)}</span>
            <span className="inline-flex items-center gap-1 rounded-full bg-red-50 px-2.5 py-0.5 text-sm font-semibold text-red-700">
              <TrendingUp aria-hidden className="size-3.5" />+{ALERT.tariffIncrease}%
              <span className="sr-only"> from tariffs</span>
            </span>
          </p>
          <p className="text-slate-700">
            A {ALERT.tariffIncrease}% tariff on imported consumer electronics takes effect in 14 days. Retailers
            usually pass increases like this on within 30 to 90 days, adding about {dollars(increase)} to this
            product.
          </p>
          <ul className="grid gap-2 text-sm">
            <li className="flex items-start gap-2 text-slate-800">
              <CircleCheck aria-hidden className="mt-0.5 size-4 shrink-0 text-green-700" />
              Buy before the increase and save {dollars(increase)}
            </li>
            <li className="flex items-start gap-2 text-slate-800">
              <CircleCheck aria-hidden className="mt-0.5 size-4 shrink-0 text-green-700" />
              Or switch to an alternative from {dollars(ALERT.alternativePrice)} (next step)
            </li>
          </ul>
        </div>
      </article>
    </div>
  );
}

export function AlternativesStep() {
  return (
    <div className="grid gap-6">
      <StepHeading index={1}>
        For every alert, TariffWatch looks for domestic, refurbished or untariffed alternatives and compares them
        with the expected price of {dollars(ALERT.newPrice)}.
      </StepHeading>
      <ul className="grid gap-4" aria-label={`Alternatives to ${ALERT.productName}`}>
        {DEMO_ALTERNATIVES.map((alt, i) => {
          const saving = ALERT.newPrice - alt.price;
          const percent = Math.round((saving / ALERT.newPrice) * 100);
          return (
            <li
              key={alt.name}
              className={cn(
                "flex flex-col gap-4 rounded-xl border bg-white p-5 shadow-sm sm:flex-row sm:items-center sm:justify-between",
                i === 0 ? "border-green-300 ring-1 ring-green-200" : "border-slate-200",
              )}
            >
              <div className="min-w-0">
                {i === 0 ? (
                  <p className="mb-1 text-xs font-bold uppercase tracking-wide text-green-800">Best match</p>
                ) : null}
                <h3 className="font-semibold text-slate-900">{alt.name}</h3>
                <p className="text-sm text-slate-600">{alt.detail}</p>
                <p className="mt-2 flex flex-wrap items-baseline gap-x-3">
                  <span className="text-xl font-bold text-slate-900">{dollars(alt.price)}</span>
                  <span className="text-sm font-semibold text-green-800">
                    Save {dollars(saving)} ({percent}%)
                  </span>
                </p>
              </div>
              <a
                href={retailerSearchUrl(alt.searchQuery)}
                target="_blank"
                rel="noopener noreferrer"
                data-testid="find-retailer"
                className="inline-flex h-10 shrink-0 items-center justify-center gap-2 rounded-md bg-success px-4 text-sm font-semibold text-success-foreground hover:bg-green-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
              >
                <Store aria-hidden className="size-4" />
                Find Retailer
                <span className="sr-only">
                  {" "}
                  for {alt.name} (opens in a new tab)
                </span>
                <ExternalLink aria-hidden className="size-3.5" />
              </a>
            </li>
          );
        })}
      </ul>
    </div>
  );
}

export function MarketReportStep() {
  return (
    <div className="grid gap-6">
      <StepHeading index={2}>
        Every week you get a short, plain-English report on where tariff-driven prices are heading and what to buy
        now or later.
      </StepHeading>
      <article aria-label="Example weekly market report" className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
        <h3 className="text-lg font-semibold text-slate-900">Weekly market intelligence</h3>
        <ul className="mt-4 divide-y divide-slate-100">
          {DEMO_MARKET_REPORT.map((line) => (
            <li key={line.category} className="flex items-start gap-4 py-3">
              <span
                className={cn(
                  "inline-flex w-20 shrink-0 items-center justify-center gap-1 rounded-full px-2 py-0.5 text-sm font-bold tabular-nums",
                  line.direction === "up" && "bg-red-50 text-red-700",
                  line.direction === "down" && "bg-green-50 text-green-800",
                  line.direction === "flat" && "bg-slate-100 text-slate-700",
                )}
              >
                {line.direction === "up" ? (
                  <TrendingUp aria-hidden className="size-3.5" />
                ) : (
                  <Minus aria-hidden className="size-3.5" />
                )}
                {line.change}
              </span>
              <span>
                <span className="block font-semibold text-slate-900">{line.category}</span>
                <span className="text-sm text-slate-600">{line.note}</span>
              </span>
            </li>
          ))}
        </ul>
        <div className="mt-4 grid gap-4 sm:grid-cols-2">
          <div className="rounded-lg bg-red-50 p-4">
            <h4 className="text-sm font-semibold text-red-800">Buy now</h4>
            <ul className="mt-2 list-disc space-y-1 pl-5 text-sm text-slate-800">
              {DEMO_BUY_NOW.map((item) => (
                <li key={item}>{item}</li>
              ))}
            </ul>
          </div>
          <div className="rounded-lg bg-green-50 p-4">
            <h4 className="text-sm font-semibold text-green-900">Can wait</h4>
            <ul className="mt-2 list-disc space-y-1 pl-5 text-sm text-slate-800">
              {DEMO_CAN_WAIT.map((item) => (
                <li key={item}>{item}</li>
              ))}
            </ul>
          </div>
        </div>
      </article>
    </div>
  );
}

const statTone = {
  neutral: "text-brand-navy",
  saving: "text-green-800",
  alert: "text-red-700",
} as const;

const categoryTone = {
  increase: "text-red-700",
  saving: "text-green-800",
  none: "text-slate-600",
} as const;

export function DashboardStep() {
  return (
    <div className="grid gap-6">
      <StepHeading index={3}>
        Your dashboard keeps score: what you watch, what is about to change, and how much you have saved so far.
      </StepHeading>
      <div className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
        <h3 className="text-lg font-semibold text-slate-900">Your savings at a glance</h3>
        <dl className="mt-4 grid grid-cols-2 gap-3 lg:grid-cols-4">
          {DEMO_DASHBOARD_STATS.map((stat) => (
            <div key={stat.label} className="flex flex-col-reverse rounded-lg bg-slate-50 p-4">
              <dt className="mt-1 text-sm text-slate-700">{stat.label}</dt>
              <dd className={cn("text-2xl font-bold tabular-nums", statTone[stat.tone])}>{stat.value}</dd>
            </div>
          ))}
        </dl>
        <h4 className="mt-6 text-sm font-semibold text-slate-900">Watched categories</h4>
        <ul className="mt-2 divide-y divide-slate-100">
          {DEMO_WATCHED_CATEGORIES.map((c) => (
            <li key={c.name} className="flex items-center justify-between gap-4 py-2.5 text-sm">
              <span>
                <span className="font-medium text-slate-900">{c.name}</span>
                <span className="text-slate-600"> · {c.products} products</span>
              </span>
              <span className={cn("text-right font-medium", categoryTone[c.tone])}>{c.status}</span>
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}
