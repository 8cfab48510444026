import type { PrismaClient } from "@/lib/db/generated/client";

/**
 * The watchlist's database reads and writes, each small and named. Every query of one
 * subscriber's watches filters on the subscriber id, so one account never reaches
 * another's rows (a foreign id reads as "not found").
 */
type Db = Pick<PrismaClient, "watch" | "htsLine" | "consumerCategory">;

export const WATCH_SELECT = {
  id: true,
  subscriberId: true,
  kind: true,
  categoryId: true,
  htsCode: true,
  name: true,
  priceCents: true,
  madeIn: true,
  perYear: true,
  thresholdPct: true,
  direction: true,
  horizonDays: true,
  snoozedUntil: true,
  createdAt: true,
} as const;

export function watchesOf(db: Db, subscriberId: string) {
  return db.watch.findMany({ where: { subscriberId }, orderBy: [{ createdAt: "asc" }, { id: "asc" }], select: WATCH_SELECT });
}

export function watchOf(db: Db, subscriberId: string, id: string) {
  return db.watch.findFirst({ where: { id, subscriberId }, select: WATCH_SELECT });
}

/** The distinct categories a subscriber watches (category watches and items both count). */
export async function watchedCategoryIds(db: Db, subscriberId: string): Promise<string[]> {
  const rows = await db.watch.findMany({ where: { subscriberId }, distinct: ["categoryId"], select: { categoryId: true } });
  return rows.map((r) => r.categoryId);
}

export function categoryWatchOf(db: Db, subscriberId: string, categoryId: string) {
  return db.watch.findFirst({ where: { subscriberId, categoryId, kind: "category" }, select: { id: true } });
}

export function categoryById(db: Db, id: string) {
  return db.consumerCategory.findUnique({ where: { id }, select: { id: true, name: true } });
}

export function htsLineByCode(db: Db, code: string) {
  return db.htsLine.findUnique({ where: { code }, select: { code: true, categoryId: true } });
}

export function deleteWatchOf(db: Db, subscriberId: string, id: string) {
  return db.watch.deleteMany({ where: { id, subscriberId } });
}

/** An item watch of the same name (any case), tariff line (or category, for an item without one) and origin. */
export function sameItemOf(db: Db, subscriberId: string, item: { name: string; htsCode: string | null; categoryId: string; madeIn: string | null }) {
  return db.watch.findFirst({
    where: {
      subscriberId,
      kind: "item",
      name: { equals: item.name, mode: "insensitive" },
      madeIn: item.madeIn,
      ...(item.htsCode ? { htsCode: item.htsCode } : { htsCode: null, categoryId: item.categoryId }),
    },
    select: { id: true },
  });
}
