import { CURRENCY, dollarsToCents } from "@/lib/catalog";
import type { Db } from "@/lib/db/types";
import { recordCapture, WALLET_ITEMS } from "../wallet-checkout";

/**
 * What each PayPal webhook event does: capture completed, denied, refunded. Same rules as
 * the Stripe handlers: safe to replay, older events do not undo newer ones, a refund is final.
 */
export type PayPalWebhookEvent = {
  id: string;
  event_type: string;
  create_time: string;
  resource: {
    id?: string;
    status?: string;
    amount?: { value: string; currency_code: string };
    custom_id?: string;
    supplementary_data?: { related_ids?: { order_id?: string } };
    links?: { href: string; rel: string }[];
    payer?: { email_address?: string };
  };
};

type Handler = (tx: Db, event: PayPalWebhookEvent) => Promise<void>;

function captureFields(event: PayPalWebhookEvent) {
  const r = event.resource;
  const itemId = r.custom_id ?? "unknown";
  return {
    orderId: r.supplementary_data?.related_ids?.order_id ?? null,
    email: r.payer?.email_address?.toLowerCase() ?? null,
    itemId,
    amountCents: r.amount ? (dollarsToCents(r.amount.value) ?? 0) : 0,
    currency: r.amount?.currency_code ?? CURRENCY,
    kind: WALLET_ITEMS.find((i) => i.itemId === itemId)?.kind ?? "one-time",
    eventAt: new Date(event.create_time),
  };
}

const onCaptureCompleted: Handler = async (tx, event) => {
  if (!event.resource.id) return;
  await recordCapture(tx, { captureId: event.resource.id, status: "succeeded", ...captureFields(event) });
};

const onCaptureDenied: Handler = async (tx, event) => {
  if (!event.resource.id) return;
  await recordCapture(tx, { captureId: event.resource.id, status: "failed", ...captureFields(event) });
};

/** The refund resource links "up" to the capture it refunds. */
const onCaptureRefunded: Handler = async (tx, event) => {
  const up = event.resource.links?.find((l) => l.rel === "up")?.href;
  const captureId = up?.match(/\/captures\/([^/?]+)/)?.[1];
  if (!captureId) return;
  await tx.payment.updateMany({
    where: { provider: "paypal", providerPaymentId: captureId },
    data: { status: "refunded", lastEventAt: new Date(event.create_time) },
  });
};

export const PAYPAL_EVENT_HANDLERS: Readonly<Record<string, Handler>> = {
  "PAYMENT.CAPTURE.COMPLETED": onCaptureCompleted,
  "PAYMENT.CAPTURE.DENIED": onCaptureDenied,
  "PAYMENT.CAPTURE.REFUNDED": onCaptureRefunded,
};
