import { cheapestPlanWith, planName, type Access } from "@/lib/entitlements";
import type { ProjectionDocument } from "@/lib/tariffs/projection-document";
import { projectionSentence } from "@/lib/tariffs/projection-sentence";
import type { Evidence } from "./stored-evidence";

/**
 * An alert's one sentence (docs/tariffs.md, "Plain words first"), for its page and its email:
 * the sentence of its document's figures (the watch's projection for a threshold alert, the
 * change's for a legal-event or relief alert) on the watch's price, in dollars when the
 * subscriber's plan shows dollars, as the watch's page says it at the same moment.
 */
export function alertSentence(doc: ProjectionDocument, own: Pick<Evidence, "item" | "price" | "category">, access: Pick<Access, "entitlements">): { sentence: string; priceCents: number | null; dollarsPlan: string | null } {
  const priceCents = own.price?.priceCents ?? null;
  const dollarsPlan = access.entitlements.impactCalculator ? null : planName(cheapestPlanWith("impactCalculator"));
  return { sentence: projectionSentence(doc, { item: own.item ?? own.category?.name ?? doc.category.name, priceCents, dollarsPlan }), priceCents, dollarsPlan };
}
