import {
  BellRing,
  Calculator,
  ChartLine,
  Coffee,
  ExternalLink,
  Newspaper,
  Search,
  Share2,
  Smartphone,
  Store,
} from "@/components/ui/icon";
import { Button } from "@/components/ui/button";
import { site } from "@/lib/site";
import { containerClass, SectionHeading, sectionClass } from "./section-heading";

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
    body: "Add what you paid for an item and where it was made: each projection shows its low, central and high change in dollars.",
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

/** Six feature cards, plus a "shop local" callout with the Find Stores and Follow Us links. */
export function Features() {
  return (
    <section id="features" aria-labelledby="features-heading" data-reveal className={sectionClass}>
      <div className={containerClass}>
        <SectionHeading
          id="features-heading"
          eyebrow="Features"
          title="Everything you need to beat tariff price hikes"
          description="One service that watches prices, explains what is changing and points you to a better buy."
        />
        <ul className="mt-12 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {FEATURES.map(({ icon: Icon, title, body }) => (
            <li
              key={title}
              className="group rounded-2xl border border-slate-200 bg-white p-6 shadow-sm transition-shadow hover:shadow-md"
            >
              <span className="inline-flex size-12 items-center justify-center rounded-xl bg-blue-50 text-primary transition-colors group-hover:bg-primary group-hover:text-white">
                <Icon aria-hidden className="size-6" />
              </span>
              <h3 className="mt-5 text-lg font-semibold text-brand-navy">{title}</h3>
              <p className="mt-2 text-muted-foreground">{body}</p>
            </li>
          ))}
        </ul>

        <div className="mt-12 grid items-center gap-6 rounded-2xl border border-green-200 bg-green-50 p-6 sm:p-8 lg:grid-cols-[1fr_auto]">
          <div className="flex items-start gap-4">
            <span className="inline-flex size-12 shrink-0 items-center justify-center rounded-xl bg-green-700 text-white">
              <Coffee aria-hidden className="size-6" />
            </span>
            <div>
              <h3 className="text-lg font-semibold text-green-950">Shop local, skip the tariff</h3>
              <p className="mt-1 text-green-900">
                Imported coffee is one of the groceries hit hardest by tariffs. Local roasters often beat the new
                supermarket price, and your money stays in your community.
              </p>
            </div>
          </div>
          <div className="flex flex-col gap-3 sm:flex-row">
            <Button asChild variant="success">
              <a href={site.findStoresUrl} target="_blank" rel="noopener noreferrer" data-testid="find-stores-link">
                <Store aria-hidden />
                Find Stores
                <NewTab />
                <ExternalLink aria-hidden />
              </a>
            </Button>
            <Button asChild variant="outline" className="border-green-700 text-green-900 hover:bg-green-100">
              <a href={site.social.followUs} target="_blank" rel="noopener noreferrer" data-testid="follow-us-link">
                <Share2 aria-hidden />
                Follow Us
                <NewTab />
                <ExternalLink aria-hidden />
              </a>
            </Button>
          </div>
        </div>
      </div>
    </section>
  );
}
