import type { Metadata } from "next";
import Link from "next/link";
import { cookies } from "next/headers";
import { BackHeader } from "@/components/site/back-header";
import { SiteFooter } from "@/components/site/site-footer";
import { Button } from "@/components/ui/button";
import { PLANS } from "@/lib/catalog";
import { getDb } from "@/lib/db";
import { PaymentError } from "@/lib/payments/errors";
import { BUYER_COOKIE } from "@/lib/payments/paypal-buyer";
import { requestIsBuyerOf } from "@/lib/payments/paypal-http";
import { paypalForSubscriptions } from "@/lib/payments/paypal-subscription-route";
import { confirmWalletSubscription } from "@/lib/payments/paypal-subscriptions";
import { pageMetadata } from "@/lib/seo";
import type { SearchParams } from "@/lib/http/search-params";

// PayPal returns the buyer here with ?subscription_id=I-...; the status is checked at PayPal on each request.
export const dynamic = "force-dynamic";

export const metadata: Metadata = pageMetadata({
  title: "Your PayPal subscription",
  description: "The status of your TariffWatch subscription through PayPal.",
  path: "/paypal/subscription",
  noIndex: true,
});

type View = { tone: "ok" | "wait" | "bad"; title: string; body: string; email?: string };

async function viewFor(id: string | undefined): Promise<View> {
  if (!id || !/^[A-Z0-9-]{3,64}$/.test(id)) return { tone: "bad", title: "No subscription to show", body: "Start again from the pricing page." };
  const configured = paypalForSubscriptions();
  if (!configured) return { tone: "bad", title: "PayPal is not set up on this server", body: "No payment was taken here." };
  try {
    const row = await confirmWalletSubscription({ db: getDb(), paypal: configured.paypal }, id);
    const plan = PLANS[row.planId as "consumer" | "professional"]?.name ?? "plan";
    const isBuyer = requestIsBuyerOf((await cookies()).get(BUYER_COOKIE)?.value, id);
    if (row.status === "active") {
      return { tone: "ok", title: `Your ${plan} is active`, body: "Billed monthly through PayPal; cancel anytime from your account. Sign in with the email you subscribed with.", ...(isBuyer ? { email: row.email } : {}) };
    }
    if (row.status === "approval_pending") return { tone: "wait", title: "Waiting for PayPal", body: "PayPal has not activated the subscription yet. We email you as soon as it does." };
    return { tone: "bad", title: "This subscription is not active", body: "PayPal reports it as not active. Nothing more will be charged." };
  } catch (error) {
    if (error instanceof PaymentError) return { tone: "bad", title: "We could not confirm this subscription", body: error.message };
    throw error;
  }
}

export default async function PayPalSubscriptionPage({ searchParams }: { searchParams: SearchParams }) {
  const params = await searchParams;
  const id = typeof params.subscription_id === "string" ? params.subscription_id : undefined;
  const view = await viewFor(id);
  const tone = view.tone === "ok" ? "border-green-300 bg-green-50 text-green-950" : view.tone === "wait" ? "border-blue-300 bg-blue-50 text-blue-950" : "border-red-300 bg-red-50 text-red-950";
  return (
    <>
      <BackHeader backHref="/" backLabel="Home" />
      <main id="main" className="bg-slate-50">
        <div className="mx-auto max-w-2xl px-4 py-12 sm:px-6">
          <section role="status" data-testid="paypal-subscription-result" data-tone={view.tone} className={`grid gap-3 rounded-xl border-2 p-6 ${tone}`}>
            <h1 className="text-2xl font-bold">{view.title}</h1>
            <p>{view.body}</p>
            {view.email ? (
              <p className="text-sm">
                Receipts go to <strong>{view.email}</strong>.
              </p>
            ) : null}
            <div className="flex flex-wrap gap-3">
              <Button asChild>
                <Link href={view.tone === "ok" ? "/alerts" : "/#pricing"}>{view.tone === "ok" ? "Go to my alerts" : "See the plans"}</Link>
              </Button>
              <Button asChild variant="outline">
                <Link href="/sign-in">Sign in</Link>
              </Button>
            </div>
          </section>
        </div>
      </main>
      <SiteFooter />
    </>
  );
}
