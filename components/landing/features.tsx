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
} from "lucide-react";
import { Button } from "@/components/ui/button";
import { site } from "@/lib/site";
import { containerClass, SectionHeading, sectionClass } from "./section-heading";

const FEATURES = [
  {
    icon: BellRing,
    title: "Real-time tariff alerts",
    body: "Get warned the moment a new tariff or price increase hits a product category you buy, before it reaches the shelf.",
  },
  {
    icon: Search,
    title: "Alternative product finder",
    body: "See cheaper domestic and untariffed alternatives side by side, with the price difference spelled out.",
  },
  {
    icon: Calculator,
    title: "Personal impact calculator",
    body: "Enter your monthly spending and see what tariffs add to your year, and how much you can claw back.",
  },
  {
    icon: ChartLine,
    title: "Live market data",
    body: "Consumer and producer price indexes (CPI and PPI) from the US Bureau of Labor Statistics, updated as new data is released.",
  },
  {
    icon: Newspaper,
    title: "Weekly market intelligence",
    body: "A plain-English weekly briefing on tariff changes, Federal Register notices and the price trends that matter to you.",
  },
  {
    icon: Smartphone,
    title: "Mobile and SMS alerts",
    body: "Alerts by email, on your phone and by text message, so you can check before you buy, right in the store.",
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
