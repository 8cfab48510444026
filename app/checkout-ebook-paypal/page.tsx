import type { Metadata } from "next";
import { cookies } from "next/headers";
import {
  BadgeCheck,
  Download,
  FileText,
  Headphones,
  Infinity as InfinityIcon,
  LineChart,
  Lock,
  Mail,
  ShieldCheck,
  Video,
  Zap,
} from "lucide-react";
import { BackHeader } from "@/components/site/back-header";
import { SiteFooter } from "@/components/site/site-footer";
import { Badge } from "@/components/ui/badge";
import { EbookCover } from "@/components/ebook/cover";
import { EBOOK_SUBTITLE, EBOOK_TITLE } from "@/lib/ebook/chapters";
import { PayPalPayButton } from "@/components/ebook/paypal-pay-button";
import { PurchaseResult, type PurchaseResultView } from "@/components/ebook/purchase-result";
import { MONEY_BACK, NARRATION_MINUTES } from "@/components/ebook/sales-sections";
import { formatPrice, PRODUCTS } from "@/lib/catalog";
import { ReaderReview } from "@/components/ebook/reader-review";
import { completeEbookPurchase } from "@/lib/ebook/purchase";
import { getEnv } from "@/lib/env";
import { BUYER_COOKIE } from "@/lib/payments/paypal-buyer";
import { requestIsBuyerOf } from "@/lib/payments/paypal-http";
import { pageMetadata } from "@/lib/seo";
import { EBOOK_CHECKOUT_STORIES } from "@/lib/testimonials";
import type { SearchParams } from "@/lib/http/search-params";

// PayPal returns the buyer here with ?token=<order id>; the capture happens on each such request.
export const dynamic = "force-dynamic";

export const metadata: Metadata = pageMetadata({
  title: "Buy The Tariff Survival Guide",
  description: "Get the complete nine-chapter Tariff Survival Guide for a one-time payment through PayPal, with lifetime access.",
  path: "/checkout-ebook-paypal",
  noIndex: true,
});

const product = PRODUCTS.ebook;
const PRICE = formatPrice(product.amountCents, { cents: true });
const FEE = formatPrice(product.processingFeeCents, { cents: true });
const TOTAL = formatPrice(product.amountCents + product.processingFeeCents, { cents: true });

const WHATS_INCLUDED = [
  { icon: Headphones, text: `9 chapters read aloud by your browser's voice (about ${NARRATION_MINUTES} minutes, estimated from the text)` },
  { icon: Video, text: "9 animated charts, one per chapter" },
  { icon: LineChart, text: "Interactive charts for the key examples" },
  { icon: FileText, text: "Full transcripts and key points of every chapter" },
  { icon: Download, text: "The whole guide to download as EPUB and PDF" },
  { icon: InfinityIcon, text: "Lifetime access" },
  { icon: ShieldCheck, text: "30-Day Money-Back Guarantee" },
] as const;

const one = (v: string | string[] | undefined): string | undefined => (typeof v === "string" && v.trim() ? v.trim() : undefined);

async function resultFor(params: Awaited<SearchParams>): Promise<PurchaseResultView | null> {
  if (one(params.cancelled)) return { status: "cancelled" };
  const orderId = one(params.token);
  if (!orderId) return null;
  try {
    // Only the browser that created the order (signed buyer cookie) is shown the email and access link.
    const isBuyer = requestIsBuyerOf((await cookies()).get(BUYER_COOKIE)?.value, orderId);
    return await completeEbookPurchase(orderId, { isBuyer });
  } catch (error) {
    console.error("E-book purchase completion failed:", error);
    return { status: "error" };
  }
}

export default async function CheckoutEbookPage({ searchParams }: { searchParams: SearchParams }) {
  const result = await resultFor(await searchParams);
  const supportEmail = getEnv().SUPPORT_EMAIL;
  const completed = result?.status === "completed";

  return (
    <>
      <BackHeader backHref="/tariffs-ebook" backLabel="Back to E-book" />
      <main id="main" className="bg-slate-50">
        <div className="mx-auto max-w-6xl px-4 py-10 sm:px-6 lg:py-14">
          <h1 className="text-3xl font-bold tracking-tight text-brand-navy sm:text-4xl">Complete your purchase</h1>
          {result ? (
            <div className="mt-6">
              <PurchaseResult result={result} supportEmail={supportEmail} />
            </div>
          ) : null}

          <div className="mt-8 grid gap-8 lg:grid-cols-[1fr_380px] lg:items-start">
            <div className="grid gap-8">
              <section aria-labelledby="product-heading" data-testid="ebook-product-summary" className="rounded-xl border bg-white p-6 shadow-sm">
                <div className="grid gap-6 sm:grid-cols-[140px_1fr]">
                  <div className="mx-auto w-36 sm:w-full">
                    <EbookCover idPrefix="checkout-cover" decorative />
                  </div>
                  <div className="grid content-start gap-3">
                    <h2 id="product-heading" className="text-2xl font-bold text-brand-navy">
                      {EBOOK_TITLE}
                    </h2>
                    <p className="text-slate-700">{EBOOK_SUBTITLE}</p>
                    <div className="flex flex-wrap gap-2">
                      <Badge variant="secondary">Digital Download</Badge>
                      <Badge variant="secondary">Lifetime Access</Badge>
                    </div>
                    <p className="mt-1">
                      <span className="text-3xl font-extrabold text-slate-900" data-testid="ebook-checkout-price">
                        {TOTAL}
                      </span>
                      <span className="ml-2 text-sm text-slate-600">One-time payment</span>
                    </p>
                  </div>
                </div>
              </section>

              <section aria-labelledby="included-heading" className="rounded-xl border bg-white p-6 shadow-sm">
                <h2 id="included-heading" className="text-xl font-bold text-brand-navy">
                  What&apos;s Included
                </h2>
                <ul className="mt-4 grid gap-3" data-testid="ebook-included">
                  {WHATS_INCLUDED.map(({ icon: Icon, text }) => (
                    <li key={text} className="flex items-center gap-3 text-slate-800">
                      <Icon aria-hidden className="size-5 shrink-0 text-primary" />
                      {text}
                    </li>
                  ))}
                </ul>
              </section>

              <section aria-labelledby="reviews-heading" className="grid gap-4">
                <div>
                  <h2 id="reviews-heading" className="text-xl font-bold text-brand-navy">
                    Customer reviews
                  </h2>
                  <p className="text-sm text-slate-600">Sample reader stories, for illustration.</p>
                </div>
                <ul className="grid gap-4 sm:grid-cols-2" data-testid="ebook-reviews">
                  {EBOOK_CHECKOUT_STORIES.map((r) => (
                    <li key={r.name}>
                      <ReaderReview quote={r.quote} name={r.name} city={r.location} size="compact" />
                    </li>
                  ))}
                </ul>
              </section>
            </div>

            <aside aria-labelledby="payment-heading" className="lg:sticky lg:top-6" data-testid="ebook-payment-card">
              <div className="rounded-xl border-2 border-primary bg-white p-6 shadow-lg">
                <h2 id="payment-heading" className="text-xl font-bold text-brand-navy">
                  Order summary
                </h2>
                <dl className="mt-4 grid gap-2 text-sm" data-testid="ebook-order-summary">
                  <div className="flex justify-between gap-4">
                    <dt className="text-slate-700">{EBOOK_TITLE} (e-book)</dt>
                    <dd className="font-medium text-slate-900">{PRICE}</dd>
                  </div>
                  <div className="flex justify-between gap-4">
                    <dt className="text-slate-700">Processing fee</dt>
                    <dd className="font-medium text-slate-900">{FEE}</dd>
                  </div>
                  <div className="mt-2 flex justify-between gap-4 border-t pt-3 text-base">
                    <dt className="font-bold text-slate-900">Total</dt>
                    <dd className="font-bold text-slate-900" data-testid="ebook-order-total">
                      {TOTAL}
                    </dd>
                  </div>
                </dl>

                <div className="mt-6">
                  {completed ? (
                    <p className="flex items-center gap-2 rounded-lg bg-green-50 p-3 text-sm font-medium text-green-950">
                      <BadgeCheck aria-hidden className="size-5 text-green-700" />
                      {result && "accessUrl" in result && result.accessUrl ? "Paid. Your access link is above." : "Paid. Your access link was emailed to you."}
                    </p>
                  ) : (
                    <PayPalPayButton />
                  )}
                </div>

                <ul className="mt-6 grid gap-3 text-sm text-slate-700">
                  <li className="flex items-start gap-2">
                    <Lock aria-hidden className="mt-0.5 size-4 shrink-0 text-green-700" />
                    Secure SSL-encrypted payment through PayPal. We never see your card or bank details.
                  </li>
                  <li className="flex items-start gap-2">
                    <ShieldCheck aria-hidden className="mt-0.5 size-4 shrink-0 text-green-700" />
                    <span>
                      <strong>{MONEY_BACK.title}.</strong> {MONEY_BACK.body}
                    </span>
                  </li>
                  <li className="flex items-start gap-2" data-testid="ebook-instant-access">
                    <Zap aria-hidden className="mt-0.5 size-4 shrink-0 text-amber-600" />
                    <span>
                      <strong>Instant Digital Access.</strong> Your access link appears here right after payment and
                      is emailed to you with your receipt.
                    </span>
                  </li>
                </ul>
                <p className="mt-6 flex items-center gap-2 border-t pt-4 text-sm text-slate-700">
                  <Mail aria-hidden className="size-4 shrink-0" />
                  <span>
                    Questions? Email{" "}
                    <a href={`mailto:${supportEmail}`} className="font-semibold text-primary underline underline-offset-4" data-testid="ebook-support-email">
                      {supportEmail}
                    </a>
                  </span>
                </p>
              </div>
            </aside>
          </div>
        </div>
      </main>
      <SiteFooter />
    </>
  );
}
