import Link from "next/link";
import { BellRing, Calculator, ChartLine, Newspaper, Search, Smartphone } from "@/components/ui/icon";
import { cheapestPlanWith, planName } from "@/lib/entitlements";
import { site } from "@/lib/site";
import { SectionHeading } from "./section-heading";

const FEATURES = [
  {
    icon: BellRing,
    title: "Tariff alerts with their sources",
    body: "When a tariff measure on something you buy is announced, takes effect, expires or is struck down, you get the projected shelf-price change with every source.",
  },
  {
    icon: Search,
    title: "Lower-tariff source finder",
    body: "See which countries with real US supply of the same goods face a lower duty, and how much lower. We never invent a cheaper product or price.",
  },
  {
    icon: Calculator,
    title: "Dollar impact on your items",
    // Shown where promised: the watchlist row, the watch page and the alert email open with this sentence (lib/tariffs/projection-sentence.ts).
    body: `Add what you paid for an item and where it was made: on the ${planName(cheapestPlanWith("impactCalculator"))} and up, each projection opens with the change in dollars on your price, by month, with its low and high.`,
  },
  {
    icon: ChartLine,
    title: "Official price data",
    body: "Consumer and producer price indexes (CPI and PPI) from the US Bureau of Labor Statistics: published monthly, checked for new figures every 6 hours.",
  },
  {
    icon: Newspaper,
    title: "Weekly market report",
    body: "A plain-English weekly digest of tariff changes, Federal Register notices and the CPI and PPI movements behind them.",
  },
  {
    icon: Smartphone,
    title: "Email alerts, SMS when configured",
    body: "Alerts by email, as they happen on paid plans or in a daily or weekly digest; by text message too where SMS is set up.",
  },
] as const;

function NewTab() {
  return <span className="sr-only"> (opens in a new tab)</span>;
}

/**
 * Six feature cards, plus a "shop local" callout with the Find Stores and Follow Us links.
 * Styled by the `lp-cards` and `lp-local` rules of app/globals.css.
 */
export function Features() {
  return (
    <section id="features" aria-labelledby="features-heading" data-reveal className="lp-sec">
      <div>
        <SectionHeading
          id="features-heading"
          eyebrow="Features"
          title="Everything you need to beat tariff price hikes"
          description="One service that watches prices, explains what is changing and points you to a better buy."
        />
        <ul className="lp-cards">
          {FEATURES.map(({ icon: Icon, title, body }) => (
            <li key={title}>
              <span>
                <Icon aria-hidden />
              </span>
              <h3>{title}</h3>
              <p>{body}</p>
            </li>
          ))}
        </ul>

        <div className="lp-local">
          <div>
            <h3>Shop local, skip the tariff</h3>
            <p>
              Coffee beans have paid no U.S. tariff since November 13, 2025 (executive orders of November 14 and 20,
              2025), but many imported goods still do: <Link href="/duty" className="font-medium underline">
                look up any product&rsquo;s duty
              </Link>. Buying
              from local makers skips those tariffs, and your money stays in your community.
            </p>
          </div>
          <div className="lp-ctas">
            <a href={site.findStoresUrl} target="_blank" rel="noopener noreferrer" data-testid="find-stores-link" className="lp-btn lp-ok lp-ext">
              Find Stores
              <NewTab />
            </a>
            <a href={site.social.followUs} target="_blank" rel="noopener noreferrer" data-testid="follow-us-link" className="lp-btn lp-out lp-ext">
              Follow Us
              <NewTab />
            </a>
          </div>
        </div>
      </div>
    </section>
  );
}
