import type { PrismaClient } from "@/lib/db/generated/client";

/**
 * New Federal Register tariff documents become review items for an operator
 * (docs/tariffs.md "Operator side"): the economic refresh (lib/economy/refresh.ts)
 * stores the newest documents matching "tariffs"; each one whose title or abstract names a
 * tariff action is queued once (unique per document number) at /admin/tariffs, where the
 * operator turns it into a measure or event (citing it) or dismisses it. Nothing here
 * changes tariff law by itself: a document is only a lead until a person reads it.
 */
const TARIFF_TERMS =
  /\b(tariffs?|duty|duties|harmoni[sz]ed tariff schedule|hts(us)?|chapter 99|9903\.\d{2}|section (201|232|301|122|338)|ieepa|reciprocal|anti-?dumping|countervailing|de minimis|surcharge|import adjustment|adjusting imports|trade remed(y|ies)|quota)\b/i;

export type ReviewCandidate = { documentNumber: string; title: string; description?: string | null; url: string; publishedAt: Date };

/** Does a document's title or abstract name a tariff action? */
export function isTariffDocument(doc: Pick<ReviewCandidate, "title" | "description">): boolean {
  return TARIFF_TERMS.test(doc.title) || TARIFF_TERMS.test(doc.description ?? "");
}

/** Queues the tariff documents not seen before; returns how many were added. */
export async function queueTariffReviews(db: Pick<PrismaClient, "tariffReviewItem">, docs: readonly ReviewCandidate[], now: Date): Promise<number> {
  const data = docs
    .filter(isTariffDocument)
    .map((d) => ({ documentNumber: d.documentNumber, title: d.title.slice(0, 500), url: d.url, publishedAt: d.publishedAt, createdAt: now }));
  if (data.length === 0) return 0;
  const result = await db.tariffReviewItem.createMany({ data, skipDuplicates: true });
  return result.count;
}
