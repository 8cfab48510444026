import Link from "next/link";
import { Calculator, Landmark, ShieldCheck, ShoppingCart, TriangleAlert, Wallet } from "lucide-react";
import { Button } from "@/components/ui/button";
import { containerClass, SectionHeading, sectionClass } from "./section-heading";

const FACTS = [
  {
    icon: Landmark,
    value: "17%",
    label: "Average effective tariff rate",
    detail: "Up from 2.4% at the start of 2025: the highest since 1935.",
  },
  {
    icon: Wallet,
    value: "$2,100",
    label: "Extra cost per household, per year",
    detail: "Tariffs are passed on at the register, on everyday goods.",
  },
  {
    icon: ShoppingCart,
    value: "49%",
    label: "Of consumers are changing habits",
    detail: "Families are switching brands, stores and timing to keep up.",
  },
] as const;

/** Why now: the tariff facts behind the product, with calls to act. */
export function MarketUrgency() {
  return (
    <section id="market-urgency" aria-labelledby="market-urgency-heading" data-reveal className={sectionClass}>
      <div className={containerClass}>
        <SectionHeading
          id="market-urgency-heading"
          eyebrow="Why it matters now"
          title="Tariffs are quietly raising what you pay"
          description="Import taxes show up on store shelves weeks after they are announced. Most families only notice once the receipt has already grown."
        />
        <ul className="mt-12 grid gap-6 md:grid-cols-3">
          {FACTS.map(({ icon: Icon, value, label, detail }) => (
            <li key={label} className="rounded-xl border border-red-200 bg-red-50 p-6 shadow-sm">
              <Icon aria-hidden className="size-7 text-red-700" />
              <p className="mt-4 text-4xl font-extrabold tracking-tight text-red-700">{value}</p>
              <p className="mt-1 font-semibold text-slate-900">{label}</p>
              <p className="mt-2 text-sm text-slate-700">{detail}</p>
            </li>
          ))}
        </ul>
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
