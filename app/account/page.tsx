import type { Metadata } from "next";
import Link from "next/link";
import { AccessPausedNotice } from "@/components/account/access-paused-notice";
import { ActionButton } from "@/components/account/action-button";
import { ApiKeys } from "@/components/account/api-keys";
import { DeleteAccount } from "@/components/account/delete-account";
import { PreferencesForm } from "@/components/account/preferences-form";
import { Receipts } from "@/components/account/receipts";
import { cardOnFile, formatDate, nextCharge, statusSummary } from "@/components/account/summary";
import { AccountHeader } from "@/components/accounts/account-header";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { requireSubscriberPage } from "@/lib/accounts/page-guard";
import { preferencesOf } from "@/lib/accounts/preferences";
import { PLANS, PRODUCTS, type PlanId } from "@/lib/catalog";
import { getDb } from "@/lib/db";
import { getEnv } from "@/lib/env";
import { cheapestPlanWith, planName } from "@/lib/entitlements";
import { managedSubscription } from "@/lib/payments/account-billing";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Your account", robots: { index: false, follow: false } };

const ITEM_NAMES: Record<string, string> = {
  ...Object.fromEntries(Object.values(PLANS).map((p) => [p.id, p.name])),
  ...Object.fromEntries(Object.values(PRODUCTS).map((p) => [p.id, p.name])),
};

const CARD_PLANS: PlanId[] = ["consumer", "professional", "pro-alerts"];

/**
 * /account (docs/billing.md): email, plan and status, next charge, card,
 * receipts, cancel and undo, Stripe's portal, plan changes, email preferences, download
 * and delete. Read fresh from the database on every request.
 */
export default async function AccountPage() {
  const { subscriber, access } = await requireSubscriberPage("/account");
  const db = getDb();
  // Demo payments (docs/billing.md "Demo payments"): no hosted portal exists to send a card to.
  const demoPayments = getEnv().demoPayments;
  const [sub, payments, prefs, hasCustomer] = await Promise.all([
    managedSubscription(db, subscriber.id),
    db.payment.findMany({ where: { subscriberId: subscriber.id }, orderBy: { createdAt: "desc" }, take: 100 }),
    preferencesOf(db, subscriber.id),
    db.subscription.count({ where: { subscriberId: subscriber.id, provider: "stripe", providerCustomerId: { not: null } } }),
  ]);
  const summary = statusSummary(access);
  const charge = nextCharge(sub);
  const plan = access.plan ? PLANS[access.plan] : null;
  const canChangePlan = sub?.provider === "stripe" && (sub.status === "active" || sub.status === "trialing") && !sub.cancelAtPeriodEnd;

  return (
    <>
      <AccountHeader email={subscriber.email} />
      <main id="main" className="mx-auto grid max-w-4xl grid-cols-1 gap-6 px-4 py-8 sm:px-6 sm:py-10">
        <div>
          <h1 className="text-3xl font-bold text-brand-navy">Your account</h1>
          <p className="mt-1 break-words text-slate-700" data-testid="account-email">
            Signed in as <strong>{subscriber.email}</strong>.
          </p>
        </div>

        {summary.paused ? <AccessPausedNotice trialEnded={access.status !== "none" && !sub && access.trialEndsAt !== null} /> : null}

        <Card>
          <CardHeader>
            <CardTitle>Plan</CardTitle>
            <CardDescription>What you have now and what happens next.</CardDescription>
          </CardHeader>
          <CardContent className="grid gap-4">
            <div className="flex flex-wrap items-center gap-3">
              <span className="text-lg font-semibold" data-testid="account-plan">
                {plan?.name ?? "No plan"}
              </span>
              <Badge data-testid="account-status" data-status={access.status}>
                {summary.label}
              </Badge>
            </div>
            <p className="text-slate-700" data-testid="account-status-detail">
              {summary.detail}
            </p>
            <dl className="grid gap-3 text-sm sm:grid-cols-2">
              <div>
                <dt className="font-medium text-slate-600">Next charge</dt>
                <dd data-testid="next-charge">{charge ? `${charge.amount} on ${formatDate(charge.date)}` : "None scheduled"}</dd>
              </div>
              <div>
                <dt className="font-medium text-slate-600">Payment method</dt>
                <dd data-testid="payment-method">{cardOnFile(sub)}</dd>
              </div>
            </dl>
            <div className="grid gap-3 sm:flex sm:flex-wrap sm:items-start">
              {sub && sub.status !== "incomplete" ? (
                sub.cancelAtPeriodEnd ? (
                  sub.provider === "stripe" ? (
                    <ActionButton url="/api/account/subscription" body={{ cancelAtPeriodEnd: false }} done="Your plan will renew as before." testId="undo-cancel">
                      Keep my plan (undo cancel)
                    </ActionButton>
                  ) : null
                ) : (
                  <ActionButton
                    url="/api/account/subscription"
                    body={{ cancelAtPeriodEnd: true }}
                    variant="outline"
                    confirm={`Cancel the ${PLANS[sub.planId as PlanId]?.name ?? "plan"}? You keep it until the end of the period you paid for.`}
                    done="Cancelled. You keep your plan until the end of this period."
                    testId="cancel-plan"
                  >
                    Cancel at period end
                  </ActionButton>
                )
              ) : null}
              {hasCustomer > 0 && !demoPayments ? (
                <ActionButton url="/api/account/billing-portal" variant="outline" testId="billing-portal">
                  Change card and view invoices
                </ActionButton>
              ) : null}
              {hasCustomer > 0 && demoPayments ? (
                <p className="text-sm text-slate-700" data-testid="demo-payments-account-note">
                  Demo payment: no money moves. The demo payment server has no hosted page to change the card; your receipts are below.
                </p>
              ) : null}
              {summary.paused || !sub ? (
                <Button asChild className="w-full sm:w-auto">
                  <Link href="/pricing">{summary.paused ? "Subscribe to resume alerts" : "See plans"}</Link>
                </Button>
              ) : null}
            </div>
          </CardContent>
        </Card>

        {canChangePlan ? (
          <Card>
            <CardHeader>
              <CardTitle>Change plan</CardTitle>
              <CardDescription>
                Changes take effect now. The unused part of this month is credited and the new price charged for the rest of it,
                on your next invoice.
              </CardDescription>
            </CardHeader>
            <CardContent className="grid gap-3 sm:grid-cols-3">
              {CARD_PLANS.filter((id) => id !== sub!.planId).map((id) => (
                <ActionButton key={id} url="/api/account/plan" body={{ planId: id }} variant="outline" confirm={`Switch to the ${PLANS[id].name}?`} testId={`plan-${id}`}>
                  Switch to {PLANS[id].name} ({PLANS[id].period === "per month" ? `$${(PLANS[id].amountCents / 100).toFixed(2)}/mo` : ""})
                </ActionButton>
              ))}
            </CardContent>
          </Card>
        ) : null}

        <Card>
          <CardHeader>
            <CardTitle>Receipts</CardTitle>
          </CardHeader>
          <CardContent>
            <Receipts
              receipts={payments.map((p) => ({
                id: p.id,
                createdAt: p.createdAt,
                item: ITEM_NAMES[p.itemId] ?? p.itemId,
                amountCents: p.amountCents,
                currency: p.currency,
                status: p.status,
                provider: p.provider,
              }))}
            />
          </CardContent>
        </Card>

        <Card>
          <CardHeader>
            <CardTitle>Email preferences</CardTitle>
          </CardHeader>
          <CardContent>
            <PreferencesForm initial={prefs} instantAllowed={access.entitlements.realtimeAlerts} instantPlan={planName(cheapestPlanWith("realtimeAlerts"))} />
          </CardContent>
        </Card>

        <Card>
          <CardHeader>
            <CardTitle>Support</CardTitle>
          </CardHeader>
          <CardContent className="grid gap-2 text-sm text-slate-700" data-testid="support-contact">
            {access.entitlements.prioritySupport ? (
              <p>
                Your plan includes priority support. Write to{" "}
                <a className="font-semibold text-primary underline underline-offset-2" href={`mailto:${getEnv().SUPPORT_EMAIL}?subject=${encodeURIComponent(`Priority support (${access.plan ? planName(access.plan) : "account"})`)}`}>
                  {getEnv().SUPPORT_EMAIL}
                </a>{" "}
                from this address: messages from {planName(cheapestPlanWith("prioritySupport"))} and Pro Alerts accounts are answered first.
              </p>
            ) : (
              <p>
                Questions? Write to{" "}
                <a className="font-semibold text-primary underline underline-offset-2" href={`mailto:${getEnv().SUPPORT_EMAIL}`}>
                  {getEnv().SUPPORT_EMAIL}
                </a>
                . Priority support is part of the {planName(cheapestPlanWith("prioritySupport"))} and above.
              </p>
            )}
          </CardContent>
        </Card>

        <Card>
          <CardHeader>
            <CardTitle>API keys</CardTitle>
            <CardDescription>Personal keys for /api/v1 (docs: /api/v1/openapi.json).</CardDescription>
          </CardHeader>
          <CardContent>
            {access.entitlements.apiAccess ? (
              <ApiKeys />
            ) : (
              <p className="text-sm text-slate-700" data-testid="api-keys-upgrade">
                API access with personal keys, CSV export and custom alert thresholds are part of the {planName(cheapestPlanWith("apiAccess"))} and above.
              </p>
            )}
          </CardContent>
        </Card>

        <Card>
          <CardHeader>
            <CardTitle>Your data</CardTitle>
          </CardHeader>
          <CardContent className="grid gap-6">
            <div className="grid gap-2">
              <p className="text-sm text-slate-700">A JSON file of everything we hold about your account.</p>
              <Button asChild variant="outline" className="w-full sm:w-auto sm:justify-self-start">
                <a href="/api/account/export" download data-testid="export-data">
                  Download my data
                </a>
              </Button>
            </div>
            <div className="grid gap-2 border-t pt-6">
              <h3 className="font-semibold text-destructive">Delete my account</h3>
              <DeleteAccount hasLivePlan={Boolean(sub)} />
            </div>
          </CardContent>
        </Card>
      </main>
    </>
  );
}
