import Link from "next/link";
import { Calculator, Landmark, ShieldCheck, TrendingDown, TrendingUp, TriangleAlert } from "@/components/ui/icon";
import { Button } from "@/components/ui/button";
import { ETR_SOURCE, TARIFF_FACTS, type TariffFact } from "@/lib/stats/tariff-facts";
import { containerClass, SectionHeading, sectionClass } from "./section-heading";

const FACT_ICON: Record<TariffFact["id"], typeof Landmark> = {
  "etr-2025-01-01": Landmark,
  "etr-peak-2025": TrendingUp,
  "etr-latest": TrendingDown,
};

/** Why now: the tariff facts behind the product, with calls to act. */
export function MarketUrgency() {
  return (
    <section id="market-urgency" aria-labelledby="market-urgency-heading" data-reveal className={sectionClass}>
      <div className={containerClass}>
        <SectionHeading
          id="market-urgency-heading"
          eyebrow="Why it matters now"
          title="Tariffs are quietly raising what you pay"
          description="A new duty reaches store shelves gradually: a Federal Reserve study found the effect on consumer prices takes about seven months to complete (FEDS Notes, 8 Apr 2026). An alert when the law changes gives you that time."
        />
        <ul className="mt-12 grid gap-6 md:grid-cols-3" data-testid="tariff-facts">
          {TARIFF_FACTS.map((fact) => {
            const Icon = FACT_ICON[fact.id];
            return (
              <li key={fact.id} data-testid={`tariff-fact-${fact.id}`} className="rounded-xl border border-red-200 bg-red-50 p-6 shadow-sm">
                <Icon aria-hidden className="size-7 text-red-700" />
                <p className="mt-4 text-4xl font-extrabold tracking-tight text-red-700">{fact.value}</p>
                <p className="mt-1 font-semibold text-slate-900">{fact.label}</p>
                <p className="mt-2 text-sm text-slate-700">{fact.detail}</p>
              </li>
            );
          })}
        </ul>
        <p className="mt-4 text-center text-sm text-slate-600" data-testid="tariff-facts-source">
          Import-weighted statutory tariff rate on US imports (Census 2024 import weights). Source:{" "}
          <a href={ETR_SOURCE.url} className="font-medium text-primary underline underline-offset-2" rel="noopener noreferrer">
            {ETR_SOURCE.name}
          </a>
          , published {ETR_SOURCE.publishedAt}, series through {ETR_SOURCE.through}. Later changes are not in it.
        </p>
        <div className="mt-10 flex flex-col items-center gap-6 rounded-2xl bg-brand-navy p-8 text-center text-white sm:p-10 lg:flex-row lg:justify-between lg:text-left">
          <div className="flex items-start gap-4">
            <TriangleAlert aria-hidden className="mt-1 hidden size-8 shrink-0 text-amber-300 sm:block" />
            <div>
              <p className="text-xl font-bold">How much will tariffs cost your household?</p>
              <p className="mt-1 text-slate-300">
                Find out in under a minute, then let TariffWatch watch prices for you.
              </p>
            </div>
          </div>
          <div className="flex w-full flex-col gap-3 sm:w-auto sm:flex-row">
            <Button asChild size="lg" variant="inverse">
              <Link href="/calculator" data-testid="calculate-impact">
                <Calculator aria-hidden />
                Calculate Impact
              </Link>
            </Button>
            <Button asChild size="lg">
              <Link href="/free-trial" data-testid="protect-budget">
                <ShieldCheck aria-hidden />
                Protect Your Budget Now
              </Link>
            </Button>
          </div>
        </div>
      </div>
    </section>
  );
}
