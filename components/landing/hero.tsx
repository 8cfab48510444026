import Link from "next/link";
import { BellRing, CirclePlay, Search } from "@/components/ui/icon";
import { TRIAL_DAYS } from "@/lib/catalog";
import { computeReferenceExamples } from "@/lib/alerts/reference-basket";
import { EXAMPLES_LABEL, ExampleAlertRow, ExamplesDataLine } from "./reference-examples";

/** Computed once at build time from the committed tariff tables (no database, no network). */
const EXAMPLES = computeReferenceExamples();
/** The dashboard shows the first three items of the basket; /examples lists them all with their working. */
const DASHBOARD_EXAMPLES = EXAMPLES.examples.slice(0, 3);

/**
 * Hero: headline, calls to action and the engine-computed example alerts, labelled as
 * examples. Styled by the `lp-hero`, `lp-dash` and `lp-btn` rules of app/globals.css.
 */
export function Hero() {
  return (
    <section aria-labelledby="hero-heading" className="lp-hero">
      <div>
        <div>
          <p>
            <BellRing aria-hidden />
            Duties from the official tariff schedule and the Federal Register
          </p>
          <h1 id="hero-heading">Protect your household budget from tariff price increases</h1>
          <p>
            TariffWatch follows the tariff law on the products you buy, projects what a change does to the shelf price
            with its sources, and shows where the same goods carry a lower tariff.
          </p>
          <div className="lp-ctas">
            <Link href="/calculator" data-testid="hero-calculate" className="lp-btn lp-lg lp-inv lp-go">
              Calculate My Savings
            </Link>
            <Link href="/demo" data-testid="hero-demo" className="lp-btn lp-lg lp-ghost">
              <CirclePlay aria-hidden />
              Watch Demo
            </Link>
          </div>
          <ul className="lp-ticks">
            <li>{TRIAL_DAYS}-day free trial</li>
            <li>No card required</li>
            <li>
              {/* The self-service cancel is in the account (docs/accounts.md). */}
              <Link href="/account" className="inline-flex min-h-6 items-center underline underline-offset-2 hover:text-white" data-testid="hero-cancel-link">
                Cancel anytime
              </Link>
            </li>
          </ul>
        </div>

        <div className="lp-dash" data-testid="sample-dashboard">
          <div>
            <div>
              <p data-testid="examples-label">{EXAMPLES_LABEL}</p>
              <h2>Sample alert dashboard</h2>
            </div>
            <Link href="/demo" data-testid="new-alerts-link">
              {DASHBOARD_EXAMPLES.length} Example Alerts
            </Link>
          </div>
          <ul aria-label="Example alerts computed on the reference basket">
            {DASHBOARD_EXAMPLES.map((example) => (
              <ExampleAlertRow key={example.item.id} example={example} />
            ))}
          </ul>
          <ExamplesDataLine data={EXAMPLES} className="mt-3 text-slate-600" />
          <div className="lp-ctas">
            <Link href="/demo" data-testid="find-alternatives-link" className="lp-btn lp-ok">
              <Search aria-hidden />
              Find Alternatives
            </Link>
            <Link href="/examples" data-testid="all-examples-link" className="lp-btn lp-out lp-go">
              All {EXAMPLES.examples.length} examples
            </Link>
          </div>
        </div>
      </div>
    </section>
  );
}
