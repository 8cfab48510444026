import Link from "next/link";
import { ArrowRight, BellRing, CircleCheck, CirclePlay, Search } from "@/components/ui/icon";
import { Button } from "@/components/ui/button";
import { TRIAL_DAYS } from "@/lib/catalog";
import { computeReferenceExamples } from "@/lib/alerts/reference-basket";
import { EXAMPLES_LABEL, ExampleAlertRow, ExamplesDataLine } from "./reference-examples";

/** Computed once at build time from the committed tariff tables (no database, no network). */
const EXAMPLES = computeReferenceExamples();
/** The dashboard shows the first three items of the basket; the examples section below lists them all. */
const DASHBOARD_EXAMPLES = EXAMPLES.examples.slice(0, 3);

/** Hero: headline, calls to action and the engine-computed example alerts, labelled as examples. */
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
            Duties from the official tariff schedule and the Federal Register
          </p>
          <h1
            id="hero-heading"
            className="mt-6 text-4xl font-extrabold tracking-tight text-balance sm:text-5xl lg:text-6xl"
          >
            Protect your household budget from tariff price increases
          </h1>
          <p className="mt-6 max-w-xl text-lg text-pretty text-blue-100">
            TariffWatch follows the tariff law on the products you buy, projects what a change does to the shelf price
            with its sources, and shows where the same goods carry a lower tariff.
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
            {[`${TRIAL_DAYS}-day free trial`, "No card required"].map((item) => (
              <li key={item} className="flex items-center gap-2">
                <CircleCheck aria-hidden className="size-4 text-green-300" />
                {item}
              </li>
            ))}
            <li className="flex items-center gap-2">
              <CircleCheck aria-hidden className="size-4 text-green-300" />
              {/* The self-service cancel is in the account (docs/accounts.md). */}
              <Link href="/account" className="inline-flex min-h-6 items-center underline underline-offset-2 hover:text-white" data-testid="hero-cancel-link">
                Cancel anytime
              </Link>
            </li>
          </ul>
        </div>

        <div className="relative motion-safe:animate-fade-in-up" data-testid="sample-dashboard">
          <div className="rounded-2xl bg-white p-5 text-slate-900 shadow-2xl ring-1 ring-black/5 sm:p-6">
            <div className="flex flex-wrap items-center justify-between gap-3 border-b border-slate-200 pb-4">
              <div>
                <p className="text-xs font-semibold uppercase tracking-wider text-slate-600" data-testid="examples-label">
                  {EXAMPLES_LABEL}
                </p>
                <h2 className="text-lg font-bold text-brand-navy">Sample alert dashboard</h2>
              </div>
              <Link
                href="/demo"
                data-testid="new-alerts-link"
                className="inline-flex items-center gap-2 rounded-full bg-red-700 px-3 py-1 text-sm font-semibold text-white hover:bg-red-800"
              >
                {DASHBOARD_EXAMPLES.length} Example Alerts
              </Link>
            </div>
            <ul className="mt-4 space-y-3" aria-label="Example alerts computed on the reference basket">
              {DASHBOARD_EXAMPLES.map((example) => (
                <ExampleAlertRow key={example.item.id} example={example} />
              ))}
            </ul>
            <ExamplesDataLine data={EXAMPLES} className="mt-3 text-slate-600" />
            <div className="mt-4 flex flex-col gap-2 sm:flex-row">
              <Button asChild className="flex-1" variant="success">
                <Link href="/demo" data-testid="find-alternatives-link">
                  <Search aria-hidden />
                  Find Alternatives
                </Link>
              </Button>
              <Button asChild className="flex-1" variant="outline">
                <a href="#examples" data-testid="all-examples-link">
                  All {EXAMPLES.examples.length} examples
                  <ArrowRight aria-hidden />
                </a>
              </Button>
            </div>
          </div>
        </div>
      </div>
    </section>
  );
}
