import Link from "next/link";
import { Check, Lock } from "lucide-react";
import { Badge } from "@/components/ui/badge";
import type { CheckoutVariant } from "@/lib/payments/checkout-variants";
import { amountLabel } from "./checkout-text";

/** What is being bought: the page title, plan name, price from the catalog, features. */
export function PlanSummary({ variant }: { variant: CheckoutVariant }) {
  const plan = variant.plan;
  const monthly = plan?.interval === "month";
  return (
    <section aria-labelledby="checkout-heading" className="grid content-start gap-6" data-testid="plan-summary">
      <div>
        <p className="text-sm font-semibold uppercase tracking-wide text-primary">Checkout</p>
        <h1 id="checkout-heading" className="mt-2 text-3xl font-bold tracking-tight text-brand-navy sm:text-4xl">
          {variant.title}
        </h1>
      </div>
      <div className="rounded-xl border bg-white p-6 shadow-sm">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 className="text-xl font-bold text-brand-navy" data-testid="plan-name">
            {plan?.name ?? "Test payment"}
          </h2>
          {plan?.mostPopular ? <Badge>Most Popular</Badge> : null}
        </div>
        {plan ? <p className="mt-1 text-sm text-muted-foreground">{plan.tagline}</p> : null}
        <p className="mt-4 flex items-baseline gap-2">
          <span className="text-4xl font-extrabold tracking-tight text-brand-navy" data-testid="plan-price">
            {amountLabel(variant.amountCents)}
          </span>
          <span className="text-muted-foreground">{monthly ? "per month" : "one-time"}</span>
        </p>
        {monthly ? (
          <p className="mt-2 text-sm text-slate-700">
            Billed monthly. No long-term contract;{" "}
            <Link href="/account" className="font-medium text-primary underline underline-offset-2" data-testid="cancel-anytime">
              cancel anytime from your account
            </Link>
            .
          </p>
        ) : (
          <p className="mt-2 text-sm text-slate-700">A single diagnostic charge; nothing recurs.</p>
        )}
        {variant.showFeatures && plan ? (
          <>
            <h3 className="mt-6 text-sm font-semibold text-slate-800">What you get</h3>
            <ul className="mt-3 grid gap-2 text-sm" data-testid="plan-features">
              {plan.features.map((feature) => (
                <li key={feature} className="flex items-start gap-3 text-slate-700">
                  <Check aria-hidden className="mt-0.5 size-4 shrink-0 text-green-700" />
                  {feature}
                </li>
              ))}
            </ul>
          </>
        ) : null}
      </div>
      <p className="flex items-center gap-2 text-sm text-slate-700">
        <Lock aria-hidden className="size-4 shrink-0" />
        Payments are encrypted and handled by our payment providers; we never see or store your card number.
      </p>
    </section>
  );
}
