import type { Metadata } from "next";
import { BackHeader } from "@/components/site/back-header";
import { SiteFooter } from "@/components/site/site-footer";
import { SavingsCalculator } from "@/components/calculator/savings-calculator";
import { pageMetadata } from "@/lib/seo";

export const metadata: Metadata = pageMetadata({
  title: "Tariff savings calculator",
  description:
    "Estimate what tariffs add to your yearly spending and how much acting on TariffWatch alerts could save you.",
  path: "/calculator",
});

/** /calculator: server page; only the form and its results run in the browser. */
export default function CalculatorPage() {
  return (
    <>
      <BackHeader />
      <main id="main" className="bg-gradient-to-b from-blue-50 to-white">
        <div className="mx-auto grid max-w-6xl gap-12 px-4 py-12 sm:px-6 lg:py-16">
          <div className="max-w-3xl">
            <p className="text-sm font-semibold uppercase tracking-wide text-primary">Savings calculator</p>
            <h1 className="mt-2 text-4xl font-bold tracking-tight text-brand-navy sm:text-5xl">
              How much are tariffs costing you?
            </h1>
            <p className="mt-4 text-lg text-slate-700">
              Enter what you spend on goods each month. We estimate the extra you pay because of tariffs, what
              acting on TariffWatch alerts could save you, and how soon the plan pays for itself.
            </p>
          </div>
          <SavingsCalculator />
        </div>
      </main>
      <SiteFooter />
    </>
  );
}
