import Link from "next/link";
import { ArrowRight, BellRing, CircleCheck, CirclePlay, Search, TrendingUp } from "lucide-react";
import { Button } from "@/components/ui/button";
import { formatPrice, TRIAL_DAYS } from "@/lib/catalog";
import { cn } from "@/lib/utils";
import { SAMPLE_ALERTS, type AlertSeverity, type SampleAlert } from "@/lib/alerts/sample-alerts";

/** Sample prices are in dollars; the catalog's formatter takes cents. */
const dollars = (amount: number) => formatPrice(Math.round(amount * 100), { cents: true });

const severityClass: Record<AlertSeverity, string> = {
  high: "bg-red-100 text-red-800",
  medium: "bg-amber-100 text-amber-900",
  low: "bg-slate-100 text-slate-700",
};

/** The three alerts the hero dashboard shows (hence "3 New Alerts"). */
const DASHBOARD_ALERTS = SAMPLE_ALERTS.slice(0, 3);

function AlertRow({ alert }: { alert: SampleAlert }) {
  return (
    <li className="rounded-lg border border-slate-200 bg-white p-4 shadow-xs">
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <p className="font-semibold text-slate-900">{alert.productName}</p>
          <p className="text-xs text-slate-600">{alert.category}</p>
        </div>
        <span
          className={cn("shrink-0 rounded-full px-2 py-0.5 text-xs font-bold uppercase", severityClass[alert.severity])}
        >
          {alert.severity}
          <span className="sr-only"> severity</span>
        </span>
      </div>
      <p className="mt-3 flex flex-wrap items-baseline gap-x-2 gap-y-1 text-sm">
        <span className="sr-only">Price now </span>
        <span className="text-slate-600 line-through">{dollars(alert.currentPrice)}</span>
        <ArrowRight aria-hidden className="size-3.5 self-center text-slate-500" />
        <span className="sr-only">, expected </span>
        <span className="text-base font-bold text-red-700">{dollars(alert.newPrice)}</span>
        <span className="inline-flex items-center gap-1 rounded-full bg-red-50 px-2 py-0.5 text-xs font-semibold text-red-700">
          <TrendingUp aria-hidden className="size-3" />+{alert.tariffIncrease}%
          <span className="sr-only"> from tariffs</span>
        </span>
      </p>
      <p className="mt-2 rounded-md bg-green-50 px-3 py-2 text-sm text-green-900">
        <span className="font-semibold">Alternative:</span> {alert.alternativeFound},{" "}
        <span className="font-bold text-green-800">{dollars(alert.alternativePrice)}</span>
      </p>
    </li>
  );
}

/** Hero: headline, calls to action and a clearly labelled sample alert dashboard. */
export function Hero() {
  return (
    <section
      aria-labelledby="hero-heading"
      className="relative isolate overflow-hidden bg-gradient-to-br from-brand-navy via-blue-950 to-blue-900 text-white"
    >
      <div
        aria-hidden
        className="absolute inset-0 -z-10 bg-[radial-gradient(circle_at_20%_20%,rgba(59,130,246,0.25),transparent_45%),radial-gradient(circle_at_85%_70%,rgba(29,78,216,0.35),transparent_40%)]"
      />
      <div className="mx-auto grid max-w-7xl items-center gap-12 px-4 py-16 sm:px-6 sm:py-20 lg:grid-cols-2 lg:py-28">
        <div className="motion-safe:animate-fade-in-up">
          <p className="inline-flex items-center gap-2 rounded-full border border-white/20 bg-white/10 px-3 py-1 text-sm font-medium text-blue-50">
            <BellRing aria-hidden className="size-4" />
            US tariffs are at their highest since 1935
          </p>
          <h1
            id="hero-heading"
            className="mt-6 text-4xl font-extrabold tracking-tight text-balance sm:text-5xl lg:text-6xl"
          >
            Protect your household budget from tariff price increases
          </h1>
          <p className="mt-6 max-w-xl text-lg text-pretty text-blue-100">
            TariffWatch tracks tariff-driven price hikes on the products you buy, warns you before they hit the shelf,
            and finds cheaper domestic or untariffed alternatives.
          </p>
          <div className="mt-8 flex flex-col gap-3 sm:flex-row">
            <Button asChild size="lg" variant="inverse">
              <Link href="/calculator" data-testid="hero-calculate">
                Calculate My Savings
                <ArrowRight aria-hidden />
              </Link>
            </Button>
            <Button
              asChild
              size="lg"
              variant="outline"
              className="border-white/40 bg-transparent text-white hover:bg-white/10"
            >
              <Link href="/demo" data-testid="hero-demo">
                <CirclePlay aria-hidden />
                Watch Demo
              </Link>
            </Button>
          </div>
          <ul className="mt-8 flex flex-wrap gap-x-6 gap-y-2 text-sm text-blue-100">
            {[`${TRIAL_DAYS}-day free trial`, "No card required", "Cancel anytime"].map((item) => (
              <li key={item} className="flex items-center gap-2">
                <CircleCheck aria-hidden className="size-4 text-green-300" />
                {item}
              </li>
            ))}
          </ul>
        </div>

        <div className="relative motion-safe:animate-fade-in-up" data-testid="sample-dashboard">
          <div className="rounded-2xl bg-white p-5 text-slate-900 shadow-2xl ring-1 ring-black/5 sm:p-6">
            <div className="flex flex-wrap items-center justify-between gap-3 border-b border-slate-200 pb-4">
              <div>
                <p className="text-xs font-semibold uppercase tracking-wider text-slate-600">Sample data</p>
                <h2 className="text-lg font-bold text-brand-navy">Sample alert dashboard</h2>
              </div>
              <Link
                href="/demo"
                data-testid="new-alerts-link"
                className="inline-flex items-center gap-2 rounded-full bg-red-700 px-3 py-1 text-sm font-semibold text-white hover:bg-red-800"
              >
                <span aria-hidden className="relative flex size-2">
                  <span className="absolute inline-flex size-full rounded-full bg-white opacity-75 motion-safe:animate-ping" />
                  <span className="relative inline-flex size-2 rounded-full bg-white" />
                </span>
                {DASHBOARD_ALERTS.length} New Alerts
              </Link>
            </div>
            <ul className="mt-4 space-y-3" aria-label="Sample price alerts">
              {DASHBOARD_ALERTS.map((alert) => (
                <AlertRow key={alert.productName} alert={alert} />
              ))}
            </ul>
            <Button asChild className="mt-5 w-full" variant="success">
              <Link href="/demo" data-testid="find-alternatives-link">
                <Search aria-hidden />
                Find Alternatives
              </Link>
            </Button>
          </div>
        </div>
      </div>
    </section>
  );
}
