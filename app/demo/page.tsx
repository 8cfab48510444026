import type { Metadata } from "next";
import Link from "next/link";
import { ArrowRight, BellRing } from "lucide-react";
import { BackHeader } from "@/components/site/back-header";
import { SiteFooter } from "@/components/site/site-footer";
import { DEMO_STEP_TITLES } from "@/components/demo/demo-data";
import { DemoPlayer, type DemoStep } from "@/components/demo/demo-player";
import { AlertStep, AlternativesStep, DashboardStep, MarketReportStep } from "@/components/demo/demo-steps";
import { Button } from "@/components/ui/button";
import { TRIAL_DAYS } from "@/lib/catalog";
import { pageMetadata } from "@/lib/seo";

export const metadata: Metadata = pageMetadata({
  title: "Product demo",
  description:
    "See how TariffWatch works: a real-time tariff alert, cheaper alternatives, the weekly market report and your personal savings dashboard.",
  path: "/demo",
});

const [alertTitle, alternativesTitle, reportTitle, dashboardTitle] = DEMO_STEP_TITLES;

/** The four steps; their panels render here on the server, only the player runs in the browser. */
const STEPS: readonly DemoStep[] = [
  { title: alertTitle, summary: "Warned before prices rise", content: <AlertStep /> },
  { title: alternativesTitle, summary: "Cheaper options, side by side", content: <AlternativesStep /> },
  { title: reportTitle, summary: "What to buy now or later", content: <MarketReportStep /> },
  { title: dashboardTitle, summary: "Your savings at a glance", content: <DashboardStep /> },
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
              Follow one product from the first tariff alert to money saved. The demo plays on its own; pause it or
              pick a step at any time. Products and figures are examples.
            </p>
          </div>

          <DemoPlayer steps={STEPS} />

          <section
            aria-labelledby="demo-cta-heading"
            className="rounded-2xl bg-brand-navy px-6 py-10 text-center text-white sm:px-10"
          >
            <h2 id="demo-cta-heading" className="text-2xl font-bold tracking-tight sm:text-3xl">
              Get alerts like these for the things you buy
            </h2>
            <p className="mx-auto mt-3 max-w-2xl text-slate-200">
              Try TariffWatch free for {TRIAL_DAYS} days, no card needed, or look at today&apos;s live economic alerts.
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
                <Link href="/alerts" data-testid="demo-alerts-link">
                  <BellRing aria-hidden />
                  View Live Alerts
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
