import { notFound } from "next/navigation";
import { CreditCard, Wallet } from "lucide-react";
import { BackHeader } from "@/components/site/back-header";
import { SiteFooter } from "@/components/site/site-footer";
import { isAdminRequest } from "@/lib/auth/admin-guard";
import { CHECKOUT_VARIANTS, type CheckoutVariant, type CheckoutVariantId } from "@/lib/payments/checkout-variants";
import { manualPaymentApps, publicPaymentConfig, type PublicPaymentConfig } from "@/lib/payments/public-config";
import { amountLabel, purchaseName, WALLET_NAME, WALLET_NOT_CONFIGURED } from "./checkout-text";
import { LazyCardCheckout, LazyWalletCheckout } from "./lazy-parts";
import { ManualPaymentApps } from "./manual-payment-apps";
import { CardsNotConfigured, CardWarning, Notice } from "./notices";
import { PlanSummary } from "./plan-summary";

/**
 * The one checkout behind all ten checkout routes (decisions section 2), configured by
 * CHECKOUT_VARIANTS. Server component: reads the public payment config at request time,
 * renders the summary, the manual payment apps and the notices on the server, and sends
 * to the browser only the interactive parts the variant uses (card form, wallet buttons),
 * so a provider SDK loads only on a page that needs it.
 */
export async function CheckoutPage({ variant: variantId }: { variant: CheckoutVariantId }) {
  const variant = CHECKOUT_VARIANTS[variantId];
  // The proxy refuses visitors already; the page checks again on its own (decisions section 4).
  if (variant.adminOnly && !(await isAdminRequest())) notFound();
  const config = publicPaymentConfig();

  const wallet = variant.wallet ? <WalletSection variant={variant} config={config} /> : null;
  const card = variant.cardElement ? <CardSection variant={variant} config={config} afterWallet={Boolean(wallet) && variant.walletFirst} /> : null;

  return (
    <>
      <BackHeader backLabel="Back to Home" />
      <main id="main" className="bg-gradient-to-b from-blue-50 to-white">
        <div className="mx-auto grid max-w-6xl gap-10 px-4 py-10 sm:px-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,1.25fr)] lg:py-16">
          <PlanSummary variant={variant} />
          <div className="grid content-start gap-8">
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

function CardSection({ variant, config, afterWallet }: { variant: CheckoutVariant; config: PublicPaymentConfig; afterWallet: boolean }) {
  const offersWallet = Boolean(config.paypal) && (variant.wallet || variant.secureCardOnly);
  return (
    <SectionShell
      id="card-section"
      title={afterWallet ? "Or pay by card" : variant.secureCardOnly ? "Pay securely by card" : "Pay by card"}
      icon={<CreditCard aria-hidden className="size-5" />}
    >
      {variant.cardWarning ? <CardWarning walletAvailable={offersWallet} /> : null}
      {config.stripe ? (
        <LazyCardCheckout
          variantId={variant.id}
          publishableKey={config.stripe.publishableKey}
          live={config.stripe.live}
          businessName={config.businessName}
          walletHint={offersWallet}
        />
      ) : (
        <CardsNotConfigured offerWallet={variant.secureCardOnly} />
      )}
    </SectionShell>
  );
}

function WalletSection({ variant, config }: { variant: CheckoutVariant; config: PublicPaymentConfig }) {
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
      {config.paypal ? (
        <LazyWalletCheckout variantId={variant.id} clientId={config.paypal.clientId} env={config.paypal.env} fallback={fallback} />
      ) : (
        <div className="grid gap-4" data-testid="wallet-unavailable">
          <Notice tone="warning" title={WALLET_NOT_CONFIGURED}>
            <p>{fallback ? "You can pay with one of the apps below instead." : "Please pay by card, or try again later."}</p>
          </Notice>
          {fallback}
        </div>
      )}
    </SectionShell>
  );
}
