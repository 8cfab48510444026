import type Stripe from "stripe";
import type { PrismaClient } from "@/lib/db/generated/client";
import { formatPrice, PLANS, PRODUCTS } from "@/lib/catalog";
import { deliverSoon } from "@/lib/email/deliver-soon";
import { queueEmail, type EmailLogger } from "@/lib/email/outbox";
import { paymentOfIntent } from "./adjustments";

/**
 * The operator's email about a dispute (docs/billing.md "Card payments"): recorded after the event's
 * transaction commits and delivered after the webhook's answer, once per dispute (idempotency key `operator-dispute:<dispute id>`),
 * however often Stripe delivers the event. Goes to SUPPORT_EMAIL.
 */
const ITEM_NAMES: Record<string, string> = {
  ...Object.fromEntries(Object.values(PLANS).map((p) => [p.id, p.name])),
  ...Object.fromEntries(Object.values(PRODUCTS).map((p) => [p.id, p.name])),
};

export type DisputeEmailDeps = { db: PrismaClient; operatorEmail: string; siteUrl: string; logger?: EmailLogger };

export async function emailOperatorAboutDispute(deps: DisputeEmailDeps, event: Stripe.Event): Promise<void> {
  if (event.type !== "charge.dispute.created") return;
  const dispute = event.data.object as Stripe.Dispute;
  const intentId = typeof dispute.payment_intent === "string" ? dispute.payment_intent : (dispute.payment_intent?.id ?? "unknown");
  const payment = intentId === "unknown" ? null : await paymentOfIntent(deps.db, intentId);
  const dueBy = dispute.evidence_details?.due_by;
  const { email } = await queueEmail(
    deps.db,
    {
      to: deps.operatorEmail,
      template: "operator-dispute",
      props: {
        disputeId: dispute.id,
        amount: formatPrice(dispute.amount, { cents: true }),
        reason: dispute.reason || "unspecified",
        paymentIntentId: intentId,
        itemName: payment ? ITEM_NAMES[payment.itemId] : undefined,
        accountEmail: payment?.email ?? undefined,
        evidenceDueBy: dueBy ? new Intl.DateTimeFormat("en-US", { dateStyle: "long", timeZone: "UTC" }).format(new Date(dueBy * 1000)) : undefined,
        siteUrl: deps.siteUrl,
      },
      idempotencyKey: `operator-dispute:${dispute.id}`,
    },
    { logger: deps.logger },
  );
  deliverSoon(deps.db, [email], { logger: deps.logger });
}
