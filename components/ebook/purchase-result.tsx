import { AlertTriangle, CheckCircle2, Clock, Info, XCircle } from "lucide-react";
import { Button } from "@/components/ui/button";
import type { EbookPurchaseOutcome } from "@/lib/ebook/purchase";
import { cn } from "@/lib/utils";

export const PURCHASE_FAILED = "Payment failed. Please try again or contact support.";
export const PURCHASE_CANCELLED = "Payment cancelled. You have not been charged, and you can try again whenever you are ready.";

export type PurchaseResultView = EbookPurchaseOutcome | { status: "cancelled" } | { status: "error" };

const tone = {
  completed: "border-green-300 bg-green-50 text-green-950",
  pending: "border-blue-300 bg-blue-50 text-blue-950",
  failed: "border-red-300 bg-red-50 text-red-950",
  revoked: "border-red-300 bg-red-50 text-red-950",
  "not-configured": "border-amber-300 bg-amber-50 text-amber-950",
  cancelled: "border-slate-300 bg-slate-50 text-slate-900",
  error: "border-red-300 bg-red-50 text-red-950",
} as const;

/**
 * What happened after PayPal sent the buyer back (docs/product-rules.md §D6): the thank-you with
 * the access link, an honest pending message, the failure (the Pay button below retries),
 * or a gentle cancellation notice.
 */
export function PurchaseResult({ result, supportEmail }: { result: PurchaseResultView; supportEmail: string }) {
  return (
    <section
      aria-labelledby="purchase-result-heading"
      role={result.status === "failed" || result.status === "error" || result.status === "revoked" ? "alert" : "status"}
      data-testid="purchase-result"
      data-status={result.status}
      className={cn("rounded-xl border-2 p-6", tone[result.status])}
    >
      {result.status === "completed" ? (
        <div className="grid gap-3">
          <h2 id="purchase-result-heading" className="flex items-center gap-2 text-2xl font-bold">
            <CheckCircle2 aria-hidden className="size-7 text-green-700" />
            Thank you for your purchase!
          </h2>
          <p>{result.message}</p>
          {result.accessUrl ? (
            <Button asChild size="lg" variant="success" className="w-fit">
              <a href={result.accessUrl} data-testid="purchase-access-link">
                Open Your E-book
              </a>
            </Button>
          ) : null}
          {result.email ? (
            <p className="text-sm">
              A receipt with this link was emailed to <strong>{result.email}</strong>.
            </p>
          ) : (
            <p className="text-sm" data-testid="purchase-link-emailed">
              For your security the access link is shown only in the browser that paid. It was emailed to you with your receipt.
            </p>
          )}
          {result.amount ? <p className="text-sm">Amount paid: {result.amount}</p> : null}
        </div>
      ) : result.status === "pending" ? (
        <div className="grid gap-2">
          <h2 id="purchase-result-heading" className="flex items-center gap-2 text-xl font-bold">
            <Clock aria-hidden className="size-6 text-blue-700" />
            Payment pending
          </h2>
          <p>{result.message}</p>
          <p className="text-sm">
            Questions? Email{" "}
            <a href={`mailto:${supportEmail}`} className="font-semibold underline underline-offset-4">
              {supportEmail}
            </a>
            .
          </p>
        </div>
      ) : result.status === "revoked" ? (
        <div className="grid gap-2">
          <h2 id="purchase-result-heading" className="flex items-center gap-2 text-xl font-bold">
            <XCircle aria-hidden className="size-6 text-red-700" />
            Access ended
          </h2>
          <p>{result.message}</p>
          <p className="text-sm">
            Questions? Email{" "}
            <a href={`mailto:${supportEmail}`} className="font-semibold underline underline-offset-4">
              {supportEmail}
            </a>
            .
          </p>
        </div>
      ) : result.status === "cancelled" ? (
        <div className="grid gap-2">
          <h2 id="purchase-result-heading" className="flex items-center gap-2 text-xl font-bold">
            <Info aria-hidden className="size-6 text-slate-700" />
            Payment cancelled
          </h2>
          <p>{PURCHASE_CANCELLED}</p>
        </div>
      ) : result.status === "not-configured" ? (
        <div className="grid gap-2">
          <h2 id="purchase-result-heading" className="flex items-center gap-2 text-xl font-bold">
            <AlertTriangle aria-hidden className="size-6 text-amber-700" />
            Payment could not be completed
          </h2>
          <p>{result.message}</p>
          <p className="text-sm">
            No payment was taken. For help, please contact{" "}
            <a href={`mailto:${supportEmail}`} className="font-semibold underline underline-offset-4">
              {supportEmail}
            </a>
            .
          </p>
        </div>
      ) : (
        <div className="grid gap-2">
          <h2 id="purchase-result-heading" className="flex items-center gap-2 text-xl font-bold">
            <XCircle aria-hidden className="size-6 text-red-700" />
            {PURCHASE_FAILED}
          </h2>
          <p className="text-sm">
            Use the Pay with PayPal button to try again, or email{" "}
            <a href={`mailto:${supportEmail}`} className="font-semibold underline underline-offset-4">
              {supportEmail}
            </a>
            .
          </p>
        </div>
      )}
    </section>
  );
}
