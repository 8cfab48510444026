import Link from "next/link";
import { ArrowRight, Check, ShieldCheck, Sparkles } from "@/components/ui/icon";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { CURRENCY, formatPrice, LANDING_PLANS, PLANS, type Plan } from "@/lib/catalog";
import { cn } from "@/lib/utils";
import { containerClass, SectionHeading, sectionClass } from "./section-heading";

/** The main button's visible text; it always names the plan (plan.name, e.g. "Consumer Plan"). */
function ctaText(plan: Plan): string {
  return plan.amountCents === 0 ? `Start ${plan.name}` : `Choose ${plan.name}`;
}

function PlanCard({ plan }: { plan: Plan }) {
  const featured = plan.mostPopular === true;
  const paid = plan.amountCents > 0;
  const headingId = `plan-${plan.id}-name`;
  return (
    <li
      data-testid={`plan-${plan.id}`}
      className={cn(
        "relative flex min-w-0 flex-col rounded-2xl border bg-white p-6 shadow-sm sm:p-8",
        featured ? "border-primary shadow-xl ring-2 ring-primary lg:-my-4 lg:py-12" : "border-slate-200",
      )}
    >
      {featured ? (
        <Badge className="absolute -top-3 left-1/2 -translate-x-1/2 px-3 py-1 shadow">
          <Sparkles aria-hidden className="size-3.5" />
          Most Popular
        </Badge>
      ) : null}
      <h3 id={headingId} className="text-xl font-bold text-brand-navy">
        {plan.name}
      </h3>
      <p className="mt-1 text-sm text-muted-foreground">{plan.tagline}</p>
      <p className="mt-6 flex items-baseline gap-2">
        <span className="text-5xl font-extrabold tracking-tight text-brand-navy" data-testid={`plan-price-${plan.id}`}>
          {formatPrice(plan.amountCents)}
        </span>
        <span className="text-muted-foreground">{paid ? plan.period : `for ${plan.period}`}</span>
      </p>
      {paid ? null : <p className="mt-3 text-sm font-medium text-green-800">No card required</p>}
      <ul className="mt-6 flex-1 space-y-3 text-sm">
        {plan.features.map((feature) => (
          <li key={feature} className="flex items-start gap-3 text-slate-700">
            <Check aria-hidden className="mt-0.5 size-4 shrink-0 text-green-700" />
            {feature}
          </li>
        ))}
      </ul>
      <div className="mt-8 flex flex-col gap-3">
        <Button
          asChild
          size="lg"
          variant={featured ? "default" : "outline"}
          className="h-auto min-h-12 whitespace-normal py-3 text-center"
        >
          <Link href={plan.checkoutPath} data-testid={`plan-button-${plan.id}`}>
            {ctaText(plan)}
            <ArrowRight aria-hidden />
          </Link>
        </Button>
      </div>
    </li>
  );
}

/**
 * Pro Alerts, below the three cards: what it adds over Professional (its catalog features
 * after "Everything in Professional"), with its one call to action.
 */
function ProAlerts() {
  const plan = PLANS["pro-alerts"];
  const adds = plan.features.filter((feature) => feature !== "Everything in Professional");
  return (
    <div
      data-testid="plan-pro-alerts"
      aria-labelledby="plan-pro-alerts-name"
      role="group"
      className="mx-auto mt-10 flex max-w-6xl flex-col gap-4 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:flex-row sm:items-center sm:justify-between sm:p-8"
    >
      <div className="min-w-0">
        <h3 id="plan-pro-alerts-name" className="text-lg font-bold text-brand-navy">
          {plan.name}: <span data-testid="plan-price-pro-alerts">{formatPrice(plan.amountCents)}</span>{" "}
          <span className="text-base font-normal text-muted-foreground">{plan.period}</span>
        </h3>
        <p className="mt-1 text-sm text-slate-700">Everything in {PLANS.professional.name}, plus:</p>
        <ul className="mt-2 space-y-1 text-sm">
          {adds.map((feature) => (
            <li key={feature} className="flex items-start gap-3 text-slate-700">
              <Check aria-hidden className="mt-0.5 size-4 shrink-0 text-green-700" />
              {feature}
            </li>
          ))}
        </ul>
      </div>
      <Button asChild variant="outline" size="lg" className="h-auto min-h-12 shrink-0 whitespace-normal py-3 text-center">
        <Link href={plan.checkoutPath} data-testid="plan-button-pro-alerts">
          {ctaText(plan)}
          <ArrowRight aria-hidden />
        </Link>
      </Button>
    </div>
  );
}

/** The three landing plans, straight from the price catalog, and Pro Alerts as an upgrade. */
export function Pricing() {
  return (
    <section
      id="pricing"
      aria-labelledby="pricing-heading"
      data-reveal
      className={`${sectionClass} bg-gradient-to-b from-slate-50 to-blue-50`}
    >
      <div className={containerClass}>
        <SectionHeading
          id="pricing-heading"
          eyebrow="Pricing"
          title="Simple pricing that pays for itself"
          description="Start free, upgrade when you are ready, cancel anytime. No long-term contracts."
        />
        <ul className="mx-auto mt-16 grid max-w-6xl items-stretch gap-8 lg:grid-cols-3">
          {LANDING_PLANS.map((plan) => (
            <PlanCard key={plan.id} plan={plan} />
          ))}
        </ul>
        <ProAlerts />
        <div className="mt-12 flex flex-col items-center gap-2 text-center">
          <p className="inline-flex items-center gap-2 font-semibold text-brand-navy">
            <ShieldCheck aria-hidden className="size-5 text-green-700" />
            30-day money-back guarantee on paid plans
          </p>
          <p className="text-sm text-muted-foreground">
            Prices in {CURRENCY}, billed monthly.{" "}
            <Link href="/account" className="font-medium text-primary underline underline-offset-2" data-testid="pricing-cancel-link">
              Cancel anytime from your account
            </Link>
            .
          </p>
        </div>
      </div>
    </section>
  );
}
