import Link from "next/link";
import { notFound } from "next/navigation";
import { CreditCard, Wallet } from "lucide-react";
import { BackHeader } from "@/components/site/back-header";
import { SiteFooter } from "@/components/site/site-footer";
import { isAdminRequest } from "@/lib/admin-auth/admin-guard";
import { getEnv } from "@/lib/env";
import { CHECKOUT_VARIANTS, type CheckoutVariant, type CheckoutVariantId } from "@/lib/payments/checkout-variants";
import { manualPaymentApps, publicPaymentConfig, type PublicPaymentConfig } from "@/lib/payments/public-config";
import {
  amountLabel,
  CARDS_NOT_CONFIGURED,
  PAYMENTS_NOT_CONFIGURED,
  purchaseName,
  SUBSCRIPTIONS_UNAVAILABLE,
  WALLET_NAME,
  WALLET_NOT_CONFIGURED,
} from "./checkout-text";
import { LazyCardCheckout, LazyWalletCheckout } from "./lazy-parts";
import { ManualPaymentApps } from "./manual-payment-apps";
import { CardWarning, DemoPaymentNotice, Notice } from "./notices";
import { PlanSummary } from "./plan-summary";

/**
 * The one checkout behind all ten checkout routes (docs/product-rules.md §D2), configured by
 * CHECKOUT_VARIANTS. Server component: reads the public payment config at request time,
 * renders the summary, the manual payment apps and the notices on the server, and sends
 * to the browser only the interactive parts the variant uses (card form, wallet buttons),
 * so a provider SDK loads only on a page that needs it.
 */
export async function CheckoutPage({ variant: variantId }: { variant: CheckoutVariantId }) {
  const variant = CHECKOUT_VARIANTS[variantId];
  // The proxy refuses visitors already; the page checks again on its own (docs/product-rules.md §D4).
  if (variant.adminOnly && !(await isAdminRequest())) notFound();
  const config = publicPaymentConfig();
  const works = ways(config);
  const walletReady = variant.wallet && works.wallet(variant);
  const cardReady = variant.cardElement !== null && works.card;

  // No dead ends (docs/experience.md "Checkout: no dead ends"): a part whose provider is not set up is left out; when
  // nothing on the page can take the payment, one notice offers what works instead.
  const wallet = walletReady && config.paypal ? <WalletSection variant={variant} paypal={config.paypal} config={config} /> : null;
  const card =
    cardReady && config.stripe ? <CardSection variant={variant} stripe={config.stripe} config={config} walletShown={Boolean(wallet)} /> : null;
  const unavailable = !wallet && !card ? <Unavailable variant={variant} config={config} works={works} /> : null;

  return (
    <>
      <BackHeader backLabel="Back to Home" />
      <main id="main" className="bg-gradient-to-b from-blue-50 to-white">
        <div className="mx-auto grid max-w-6xl gap-10 px-4 py-10 sm:px-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,1.25fr)] lg:py-16">
          <PlanSummary variant={variant} />
          <div className="grid content-start gap-8">
            {config.demo ? <DemoPaymentNotice /> : null}
            {unavailable}
            {variant.walletFirst ? (
              <>
                {wallet}
                {card}
              </>
            ) : (
              <>
                {card}
                {wallet}
              </>
            )}
          </div>
        </div>
      </main>
      <SiteFooter />
    </>
  );
}

type Ways = { card: boolean; wallet: (variant: CheckoutVariant) => boolean };

/** Which ways to pay work on this server: cards (Stripe keys), the wallet (PayPal; a monthly plan also needs its PAYPAL_PLAN_*). */
function ways(config: PublicPaymentConfig): Ways {
  const plans = getEnv().paypal?.plans;
  return {
    card: Boolean(config.stripe),
    wallet: (variant) => {
      if (!config.paypal) return false;
      const planId = variant.plan?.id;
      if (planId === "consumer" || planId === "professional") return Boolean(plans?.[planId]);
      return true;
    },
  };
}

/** The one notice of a checkout that cannot take the payment here, with what works instead. */
function Unavailable({ variant, config, works }: { variant: CheckoutVariant; config: PublicPaymentConfig; works: Ways }) {
  const walletReason = config.paypal ? SUBSCRIPTIONS_UNAVAILABLE : WALLET_NOT_CONFIGURED;
  const reason = variant.cardElement && variant.wallet ? PAYMENTS_NOT_CONFIGURED : variant.cardElement ? CARDS_NOT_CONFIGURED : walletReason;
  const cardPath = variant.cardAlternative && works.card ? variant.cardAlternative : null;
  const walletPath =
    variant.walletAlternative && works.wallet(CHECKOUT_VARIANTS[variant.walletAlternative.slice(1) as CheckoutVariantId]) ? variant.walletAlternative : null;
  const linkClass = "font-semibold underline underline-offset-4";
  const name = purchaseName(variant);
  const apps = variant.manualFallback && variant.plan ? manualPaymentApps(variant.amountCents, name) : [];
  return (
    <section aria-label="How to pay" className="grid gap-4" data-testid="checkout-unavailable">
      <Notice tone="warning" title={reason} testId="checkout-alternative">
        {cardPath ? (
          <p>
            You can subscribe to the {name} by card instead:{" "}
            <Link href={cardPath} className={linkClass} data-testid="alternative-card">
              pay by card
            </Link>
            .
          </p>
        ) : walletPath ? (
          <p>
            You can subscribe to the {name} with {WALLET_NAME} instead:{" "}
            <Link href={walletPath} className={linkClass} data-testid="alternative-wallet">
              pay with {WALLET_NAME}
            </Link>
            .
          </p>
        ) : variant.plan ? (
          <p>
            Online payment is not available right now. You can{" "}
            <Link href="/free-trial" className={linkClass} data-testid="alternative-trial">
              start the free trial
            </Link>{" "}
            with no card{apps.length > 0 ? ", or pay with one of the apps below" : ""}.
          </p>
        ) : (
          <p>Please try again later.</p>
        )}
      </Notice>
      {!cardPath && !walletPath && apps.length > 0 ? (
        <ManualPaymentApps apps={apps} amountLabel={amountLabel(variant.amountCents)} note={name} supportEmail={config.supportEmail} />
      ) : null}
    </section>
  );
}

function SectionShell({ id, title, icon, children }: { id: string; title: string; icon: React.ReactNode; children: React.ReactNode }) {
  return (
    <section aria-labelledby={id} className="grid gap-5 rounded-xl border bg-white p-6 shadow-sm" data-testid={id}>
      <h2 id={id} className="flex items-center gap-2 text-xl font-semibold text-brand-navy">
        {icon}
        {title}
      </h2>
      {children}
    </section>
  );
}

function CardSection({
  variant,
  stripe,
  config,
  walletShown,
}: {
  variant: CheckoutVariant;
  stripe: NonNullable<PublicPaymentConfig["stripe"]>;
  config: PublicPaymentConfig;
  walletShown: boolean;
}) {
  const offersWallet = walletShown || (variant.secureCardOnly && Boolean(config.paypal));
  const afterWallet = walletShown && variant.walletFirst;
  return (
    <SectionShell
      id="card-section"
      title={afterWallet ? "Or pay by card" : variant.secureCardOnly ? "Pay securely by card" : "Pay by card"}
      icon={<CreditCard aria-hidden className="size-5" />}
    >
      {variant.cardWarning ? <CardWarning walletAvailable={offersWallet} /> : null}
      <LazyCardCheckout
        variantId={variant.id}
        publishableKey={stripe.publishableKey}
        live={stripe.live}
        businessName={config.businessName}
        walletHint={offersWallet}
        demo={config.demo}
      />
    </SectionShell>
  );
}

function WalletSection({
  variant,
  paypal,
  config,
}: {
  variant: CheckoutVariant;
  paypal: NonNullable<PublicPaymentConfig["paypal"]>;
  config: PublicPaymentConfig;
}) {
  const fallback = variant.manualFallback ? (
    <ManualPaymentApps
      apps={manualPaymentApps(variant.amountCents, purchaseName(variant))}
      amountLabel={amountLabel(variant.amountCents)}
      note={purchaseName(variant)}
      supportEmail={config.supportEmail}
    />
  ) : null;
  return (
    <SectionShell id="wallet-section" title={`Pay with ${WALLET_NAME}`} icon={<Wallet aria-hidden className="size-5" />}>
      <LazyWalletCheckout variantId={variant.id} clientId={paypal.clientId} env={paypal.env} fallback={fallback} />
    </SectionShell>
  );
}
