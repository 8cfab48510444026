import type { PrismaClient } from "@/lib/db/generated/client";

/** A newsletter subscriber as the admin list shows it (docs/product-rules.md §3). */
export type SubscriberRow = { id: string; email: string; subscriptionType: string; subscriptionDate: string };

export type SubscriberList = { count: number; subscribers: SubscriberRow[] };

/** Every subscriber, newest first, for GET /api/admin/newsletters. */
export async function listSubscribers(db: PrismaClient): Promise<SubscriberList> {
  const rows = await db.newsletter.findMany({ orderBy: [{ createdAt: "desc" }, { email: "asc" }] });
  return {
    count: rows.length,
    subscribers: rows.map((r) => ({
      id: r.id,
      email: r.email,
      subscriptionType: r.subscriptionType,
      subscriptionDate: r.createdAt.toISOString(),
    })),
  };
}
