import { Prisma, type PrismaClient } from "@/lib/db/generated/client";

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

/** A watch's own fields as every reader shows them (pages, the v1 API). */
export type WatchFields = {
  id: string;
  kind: string;
  categoryId: string;
  categoryName: string | null;
  htsCode: string | null;
  name: string | null;
  priceCents: number | null;
  madeIn: string | null;
  perYear: number | null;
  thresholdPct: number;
  direction: string;
  horizonDays: number;
};

/** A watch as the pages read it: its row, its category's name, its stored projection and the law's current change stamp. */
export type WatchWithProjection = WatchFields & {
  snoozedUntil: Date | null;
  createdAt: Date;
  projection: Prisma.JsonValue | null;
  projectionKey: string | null;
  /** ISO day */
  projectedOn: string | null;
  projectionStamp: string | null;
  /** law_changes.stamp now (docs/alerts.md, "The stored projection"). */
  lawStamp: string | null;
};

const WITH_PROJECTION = Prisma.sql`w.id::text AS id, w.kind, w."categoryId", c.name AS "categoryName", w."htsCode", w.name, w."priceCents", w."madeIn", w."perYear",
  w."thresholdPct"::float8 AS "thresholdPct", w.direction, w."horizonDays", w."snoozedUntil", w."createdAt",
  f.evidence AS projection, w."projectionKey", to_char(w."projectedOn", 'YYYY-MM-DD') AS "projectedOn", w."projectionStamp",
  (SELECT l.stamp FROM law_changes l WHERE l.id = 1) AS "lawStamp"`;

/** The watches with their categories and their stored figures (the document the row's key points to). */
const WATCHES_WITH_FIGURES = Prisma.sql`watches w LEFT JOIN consumer_categories c ON c.id = w."categoryId" LEFT JOIN alert_evidence f ON f.key = w."figuresKey"`;

/** The subscriber's watches with their stored projections, oldest first: one query on the subscriber's index. */
export function watchesWithProjectionOf(db: Pick<PrismaClient, "$queryRaw">, subscriberId: string): Promise<WatchWithProjection[]> {
  return db.$queryRaw<WatchWithProjection[]>`SELECT ${WITH_PROJECTION}
    FROM ${WATCHES_WITH_FIGURES}
    WHERE w."subscriberId" = ${subscriberId}::uuid ORDER BY w."createdAt", w.id`;
}

/** One watch of the subscriber with its stored projection: one query on the primary key. */
export async function watchWithProjectionOf(db: Pick<PrismaClient, "$queryRaw">, subscriberId: string, id: string): Promise<WatchWithProjection | null> {
  const rows = await db.$queryRaw<WatchWithProjection[]>`SELECT ${WITH_PROJECTION}
    FROM ${WATCHES_WITH_FIGURES}
    WHERE w.id = ${id}::uuid AND w."subscriberId" = ${subscriberId}::uuid`;
  return rows[0] ?? null;
}

/** One watch of the subscriber with its stored projection and that projection's working: one query. */
export async function watchWithDocumentOf(
  db: Pick<PrismaClient, "$queryRaw">,
  subscriberId: string,
  id: string,
): Promise<(WatchWithProjection & { document: Prisma.JsonValue | null }) | null> {
  const rows = await db.$queryRaw<(WatchWithProjection & { document: Prisma.JsonValue | null })[]>`SELECT ${WITH_PROJECTION}, e.evidence AS document
    FROM ${WATCHES_WITH_FIGURES} LEFT JOIN alert_evidence e ON e.key = w."projectionKey"
    WHERE w.id = ${id}::uuid AND w."subscriberId" = ${subscriberId}::uuid`;
  return rows[0] ?? null;
}
