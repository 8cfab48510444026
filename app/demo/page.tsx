import type { Metadata } from "next";
import Link from "next/link";
import { MARKET_DASHBOARD_PATH } from "@/lib/accounts/paths";
import { ArrowRight, BellRing } from "lucide-react";
import { BackHeader } from "@/components/site/back-header";
import { SiteFooter } from "@/components/site/site-footer";
import { DEMO_STEP_TITLES } from "@/components/demo/demo-data";
import { DemoPlayer, type DemoStep } from "@/components/demo/demo-player";
import { AlertStep, AlternativesStep, DashboardStep, MarketReportStep } from "@/components/demo/demo-steps";
import { demoStory } from "@/lib/alerts/demo-story";
import { Button, buttonClassName } from "@/components/ui/button";
import { EXAMPLE_PRICE_LABEL } from "@/lib/alerts/reference-basket";
import { TRIAL_DAYS } from "@/lib/catalog";
import { pageMetadata } from "@/lib/seo";

export const metadata: Metadata = pageMetadata({
  title: "Product demo",
  description:
    "See how TariffWatch works on a real tariff change: the alert with its working, lower-tariff origins, the weekly market report and your watchlist dashboard.",
  path: "/demo",
});

const [alertTitle, alternativesTitle, reportTitle, dashboardTitle] = DEMO_STEP_TITLES;

/** The engine's figures for the demo's item, computed once at build time (lib/alerts/demo-story.ts). */
const story = demoStory();

/** The four steps; their panels render here on the server, only the player runs in the browser. */
const STEPS: readonly DemoStep[] = [
  { title: alertTitle, summary: "The duty change, with its working", content: <AlertStep story={story} /> },
  { title: alternativesTitle, summary: "Origins with lower tariffs", content: <AlternativesStep story={story} /> },
  { title: reportTitle, summary: "What is still reaching shelves", content: <MarketReportStep story={story} /> },
  { title: dashboardTitle, summary: "Your watchlist at a glance", content: <DashboardStep story={story} /> },
];

/** /demo: a four-step walkthrough with autoplay, and calls to action. */
export default function DemoPage() {
  return (
    <>
      <BackHeader />
      <main id="main" className="bg-gradient-to-b from-blue-50 to-white">
        <div className="mx-auto grid max-w-6xl gap-10 px-4 py-12 sm:px-6 lg:py-16">
          <div className="max-w-3xl">
            <p className="text-sm font-semibold uppercase tracking-wide text-primary">Product demo</p>
            <h1 className="mt-2 text-4xl font-bold tracking-tight text-brand-navy sm:text-5xl">
              See how TariffWatch protects your budget
            </h1>
            <p className="mt-4 text-lg text-slate-700">
              Follow one item of our reference basket, a {story.example.item.name.toLowerCase()} made in{" "}
              {story.example.originName}, through a real tariff change: every duty, percentage and projection is
              computed by our engine on the cited tariff tables; the {EXAMPLE_PRICE_LABEL} is ours. The demo plays on its
              own; pause it or pick a step at any time.
            </p>
          </div>

          <DemoPlayer steps={STEPS} toggleClassName={buttonClassName({ variant: "outline" })} />

          <section
            aria-labelledby="demo-cta-heading"
            className="rounded-2xl bg-brand-navy px-6 py-10 text-center text-white sm:px-10"
          >
            <h2 id="demo-cta-heading" className="text-2xl font-bold tracking-tight sm:text-3xl">
              Get alerts like these for the things you buy
            </h2>
            <p className="mx-auto mt-3 max-w-2xl text-slate-200">
              Try TariffWatch free for {TRIAL_DAYS} days, no card needed, or look at the market alerts from the latest official price figures.
            </p>
            <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
              <Button asChild size="lg" variant="inverse">
                <Link href="/free-trial" data-testid="demo-trial-link">
                  Start Free Trial
                  <ArrowRight aria-hidden />
                </Link>
              </Button>
              <Button
                asChild
                size="lg"
                variant="outline"
                className="border-white/40 bg-transparent text-white hover:bg-white/10"
              >
                <Link href={MARKET_DASHBOARD_PATH} data-testid="demo-alerts-link">
                  <BellRing aria-hidden />
                  View Market Alerts
                </Link>
              </Button>
            </div>
          </section>
        </div>
      </main>
      <SiteFooter />
    </>
  );
}
