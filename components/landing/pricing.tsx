import Link from "next/link";
import { CURRENCY, formatPrice, LANDING_PLANS, PLANS, type Plan } from "@/lib/catalog";
import { SectionHeading } from "./section-heading";

/** The main button's visible text; it always names the plan (plan.name, e.g. "Consumer Plan"). */
function ctaText(plan: Plan): string {
  return plan.amountCents === 0 ? `Start ${plan.name}` : `Choose ${plan.name}`;
}

/** A plan's features as a check-marked list (the marks are CSS: `lp-checks` in app/globals.css). */
function FeatureList({ features }: { features: readonly string[] }) {
  return (
    <ul className="lp-checks">
      {features.map((feature) => (
        <li key={feature}>{feature}</li>
      ))}
    </ul>
  );
}

function PlanCard({ plan }: { plan: Plan }) {
  const featured = plan.mostPopular === true;
  const paid = plan.amountCents > 0;
  return (
    <li data-testid={`plan-${plan.id}`} className={featured ? "lp-top" : undefined}>
      {featured ? <span>Most Popular</span> : null}
      <h3>{plan.name}</h3>
      <p>{plan.tagline}</p>
      <p>
        <b data-testid={`plan-price-${plan.id}`}>{formatPrice(plan.amountCents)}</b> {paid ? plan.period : `for ${plan.period}`}
      </p>
      {paid ? null : <p className="lp-free">No card required</p>}
      <FeatureList features={plan.features} />
      <Link href={plan.checkoutPath} data-testid={`plan-button-${plan.id}`} className={featured ? "lp-btn lp-lg lp-go" : "lp-btn lp-lg lp-go lp-out"}>
        {ctaText(plan)}
      </Link>
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
    <div data-testid="plan-pro-alerts" aria-labelledby="plan-pro-alerts-name" role="group" className="lp-pro">
      <div>
        <h3 id="plan-pro-alerts-name">
          {plan.name}: <span data-testid="plan-price-pro-alerts">{formatPrice(plan.amountCents)}</span> <small>{plan.period}</small>
        </h3>
        <p>Everything in {PLANS.professional.name}, plus:</p>
        <FeatureList features={adds} />
      </div>
      <Link href={plan.checkoutPath} data-testid="plan-button-pro-alerts" className="lp-btn lp-lg lp-out lp-go">
        {ctaText(plan)}
      </Link>
    </div>
  );
}

/**
 * The three landing plans, straight from the price catalog, and Pro Alerts as an upgrade.
 * Styled by the `lp-plans` and `lp-pro` rules of app/globals.css.
 */
export function Pricing() {
  return (
    <section id="pricing" aria-labelledby="pricing-heading" data-reveal className="lp-sec lp-pricing">
      <div>
        <SectionHeading
          id="pricing-heading"
          eyebrow="Pricing"
          title="Simple pricing that pays for itself"
          description="Start free, upgrade when you are ready, cancel anytime. No long-term contracts."
        />
        <ul className="lp-plans">
          {LANDING_PLANS.map((plan) => (
            <PlanCard key={plan.id} plan={plan} />
          ))}
        </ul>
        <ProAlerts />
        <p className="lp-note">
          <b>30-day money-back guarantee on paid plans</b>
          Prices in {CURRENCY}, billed monthly.{" "}
          <Link href="/account" data-testid="pricing-cancel-link">
            Cancel anytime from your account
          </Link>
          .
        </p>
      </div>
    </section>
  );
}
