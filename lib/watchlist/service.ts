import type { PrismaClient } from "@/lib/db/generated/client";
import { cheapestPlanWith, DEFAULT_HORIZON_DAYS, DEFAULT_THRESHOLD_PCT, planName, type Access } from "@/lib/entitlements";
import { num, type Law } from "@/lib/tariffs/law";
import type { ConsumerCategory } from "@/lib/tariffs/types";
import { loadProjectionTables, projectWatchWith, summarize, type ProjectionSummary } from "./projection";
import {
  categoryById,
  categoryWatchOf,
  deleteWatchOf,
  htsLineByCode,
  sameItemOf,
  watchedCategoryIds,
  watchesOf,
  watchOf,
} from "./queries";
import { changesItemDetails, type AddWatch, type UpdateWatch } from "./schema";

/**
 * The watchlist (docs/tariffs.md, "Watchlist and projections"): what a subscriber watches,
 * within their plan's limits.
 *
 * Limits, from the entitlements table:
 * - distinct categories <= maxCategories (items count toward their category; an item in a
 *   category already watched adds nothing);
 * - a threshold other than the default needs customThresholds;
 * - a lapsed account (alertsPaused: no trial, no paying plan) keeps its watchlist: it can
 *   see it, delete watches, change the horizon and snooze, but adds nothing new (its limit
 *   is 0 categories) until a plan returns. Watches above a lowered limit are kept, never
 *   deleted: only new categories are refused.
 */
export class WatchlistError extends Error {
  constructor(
    readonly status: 400 | 403 | 404 | 409,
    message: string,
    readonly errors?: Record<string, string>,
    /** A 409's watch that is already there. */
    readonly existingId?: string,
  ) {
    super(message);
    this.name = "WatchlistError";
  }
}

export type WatchRow = Awaited<ReturnType<typeof watchesOf>>[number];

export type WatchView = {
  id: string;
  kind: "category" | "item";
  categoryId: string;
  categoryName: string;
  htsCode: string | null;
  name: string | null;
  priceCents: number | null;
  madeIn: string | null;
  perYear: number | null;
  thresholdPct: number;
  horizonDays: number;
  snoozedUntil: string | null;
  projection: ProjectionSummary | null;
};

/** What the caller has already read: every category, the law. */
type Preloaded = { categories?: readonly ConsumerCategory[]; law?: Law };

export type WatchlistLimits = { maxCategories: number | null; used: number };

function categoryLimitMessage(access: Access): string {
  const max = access.entitlements.maxCategories ?? 0;
  const unlimited = planName(cheapestPlanWith("unlimitedCategories"));
  if (access.alertsPaused || access.plan === null) {
    return `Your access has ended, so your watchlist is kept but alerts are paused and nothing new can be added. The ${unlimited} watches unlimited categories.`;
  }
  return `Your ${planName(access.plan)} covers up to ${max} ${max === 1 ? "category" : "categories"}. The ${unlimited} watches unlimited categories.`;
}

function customThresholdMessage(): string {
  return `A custom alert threshold is part of the ${planName(cheapestPlanWith("customThresholds"))} and above (your plan alerts at ${DEFAULT_THRESHOLD_PCT}%).`;
}

function sameItemError(name: string, htsCode: string | null, existingId: string): WatchlistError {
  const message = `You already watch ${name} (same ${htsCode ? "tariff line" : "category"} and origin).`;
  return new WatchlistError(409, message, { name: message }, existingId);
}

export function isCustomThreshold(threshold: number | null | undefined): boolean {
  return threshold !== undefined && threshold !== null && threshold !== DEFAULT_THRESHOLD_PCT;
}

export async function limitsOf(db: PrismaClient, subscriberId: string, access: Access): Promise<WatchlistLimits> {
  const used = (await watchedCategoryIds(db, subscriberId)).length;
  return { maxCategories: access.entitlements.maxCategories, used };
}

/** The tables adding a watch reads and writes: the client or a transaction (the CSV import runs in one, lib/watchlist/import.ts). */
type WatchDb = Pick<PrismaClient, "watch" | "htsLine" | "consumerCategory">;

/**
 * Adds a category or item watch; throws WatchlistError (400 unknown category/line, 403 plan
 * limit, 409 duplicate: the same category, or an item of the same name, tariff line or
 * category, and origin, so a retried add or a re-imported file leaves one watch).
 */
export async function addWatch(db: WatchDb, subscriberId: string, access: Access, input: AddWatch) {
  let categoryId = input.categoryId ?? null;
  let htsCode: string | null = null;
  if (input.kind === "item" && input.htsCode) {
    const line = await htsLineByCode(db, input.htsCode);
    if (!line) {
      throw new WatchlistError(400, `We have no HTS line ${input.htsCode} in our tables. Search for the product and pick a line from the results.`, {
        htsCode: `Unknown HTS code ${input.htsCode}: pick a line from the search results.`,
      });
    }
    htsCode = line.code;
    categoryId = line.categoryId;
  }
  if (!categoryId) throw new WatchlistError(400, "Choose a category.", { categoryId: "Choose a category." });
  const category = await categoryById(db, categoryId);
  if (!category) {
    throw new WatchlistError(400, "We do not cover that category. Choose one from the list.", { categoryId: "Unknown category: choose one from the list." });
  }

  if (isCustomThreshold(input.threshold) && !access.entitlements.customThresholds) {
    throw new WatchlistError(403, customThresholdMessage(), { threshold: customThresholdMessage() });
  }

  const sameCategory = input.kind === "category" ? await categoryWatchOf(db, subscriberId, categoryId) : null;
  if (sameCategory) {
    throw new WatchlistError(409, `You already watch ${category.name}.`, { categoryId: `You already watch ${category.name}.` }, sameCategory.id);
  }

  if (input.kind === "item" && input.name !== undefined) {
    const same = await sameItemOf(db, subscriberId, { name: input.name, htsCode, categoryId, madeIn: input.madeIn ?? null });
    if (same) throw sameItemError(input.name, htsCode, same.id);
  }

  const watched = await watchedCategoryIds(db, subscriberId);
  const max = access.entitlements.maxCategories;
  if (access.alertsPaused || (max !== null && !watched.includes(categoryId) && watched.length >= max)) {
    throw new WatchlistError(403, categoryLimitMessage(access));
  }

  const row = await db.watch.create({
    data: {
      subscriberId,
      kind: input.kind,
      categoryId,
      htsCode,
      name: input.kind === "item" ? (input.name ?? null) : null,
      priceCents: input.kind === "item" && input.price !== undefined ? Math.round(input.price * 100) : null,
      madeIn: input.kind === "item" ? (input.madeIn ?? null) : null,
      perYear: input.kind === "item" ? (input.perYear ?? null) : null,
      thresholdPct: input.threshold ?? DEFAULT_THRESHOLD_PCT,
      horizonDays: input.horizonDays ?? DEFAULT_HORIZON_DAYS,
    },
    select: { id: true },
  });
  return row;
}

export async function removeWatch(db: PrismaClient, subscriberId: string, id: string): Promise<void> {
  const { count } = await deleteWatchOf(db, subscriberId, id);
  if (count === 0) throw new WatchlistError(404, "No such watch on your watchlist.");
}

const DAY_MS = 86_400_000;

export async function updateWatch(db: PrismaClient, subscriberId: string, access: Access, id: string, input: UpdateWatch, now: Date): Promise<void> {
  const watch = await watchOf(db, subscriberId, id);
  if (!watch) throw new WatchlistError(404, "No such watch on your watchlist.");
  if (isCustomThreshold(input.threshold) && !access.entitlements.customThresholds) {
    throw new WatchlistError(403, customThresholdMessage(), { threshold: customThresholdMessage() });
  }
  if (changesItemDetails(input)) {
    if (watch.kind !== "item") {
      const message = "A category watch has no name, price, origin or yearly quantity: change its threshold, horizon or snooze.";
      throw new WatchlistError(400, message, { body: message });
    }
    const name = input.name ?? watch.name ?? "";
    const madeIn = input.madeIn !== undefined ? input.madeIn : watch.madeIn;
    const same = await sameItemOf(db, subscriberId, { name, htsCode: watch.htsCode, categoryId: watch.categoryId, madeIn });
    if (same && same.id !== watch.id) throw sameItemError(name, watch.htsCode, same.id);
  }
  await db.watch.update({
    where: { id: watch.id },
    data: {
      ...(input.name !== undefined ? { name: input.name } : {}),
      ...(input.price !== undefined ? { priceCents: Math.round(input.price * 100) } : {}),
      ...(input.madeIn !== undefined ? { madeIn: input.madeIn } : {}),
      ...(input.perYear !== undefined ? { perYear: input.perYear } : {}),
      ...(input.threshold !== undefined ? { thresholdPct: input.threshold ?? DEFAULT_THRESHOLD_PCT } : {}),
      ...(input.horizonDays !== undefined ? { horizonDays: input.horizonDays } : {}),
      ...(input.snoozeDays !== undefined ? { snoozedUntil: input.snoozeDays === 0 ? null : new Date(now.getTime() + input.snoozeDays * DAY_MS) } : {}),
    },
  });
}

/** A stored watch in the shape the API and the pages use. */
export function toView(row: WatchRow, categoryName: string, projection: ProjectionSummary | null): WatchView {
  return {
    id: row.id,
    kind: row.kind === "item" ? "item" : "category",
    categoryId: row.categoryId,
    categoryName,
    htsCode: row.htsCode,
    name: row.name,
    priceCents: row.priceCents,
    madeIn: row.madeIn,
    perYear: row.perYear,
    thresholdPct: num(row.thresholdPct) ?? DEFAULT_THRESHOLD_PCT,
    horizonDays: row.horizonDays,
    snoozedUntil: row.snoozedUntil ? row.snoozedUntil.toISOString() : null,
    projection,
  };
}

/**
 * The subscriber's watches with their projections (dollars only with impactCalculator) and
 * the plan's limit. The tables every projection needs are read once for all the watches
 * (loadProjectionTables); what the caller has already read (every category, the law) is
 * not read again.
 */
export async function listWatches(
  db: PrismaClient,
  subscriberId: string,
  access: Access,
  now: Date,
  preloaded: Preloaded = {},
): Promise<{ watches: WatchView[]; limits: WatchlistLimits }> {
  const rows = await watchesOf(db, subscriberId);
  const categoryIds = [...new Set(rows.map((r) => r.categoryId))];
  const watches = rows.length ? await viewsOf(db, rows, access, now, preloaded) : [];
  return { watches, limits: { maxCategories: access.entitlements.maxCategories, used: categoryIds.length } };
}

/** One watch of the subscriber as the API shows it (with its projection summary), or null. */
export async function watchView(db: PrismaClient, subscriberId: string, access: Access, id: string, now: Date): Promise<WatchView | null> {
  const row = await getWatch(db, subscriberId, id);
  if (!row) return null;
  return (await viewsOf(db, [row], access, now))[0] ?? null;
}

async function viewsOf(db: PrismaClient, rows: WatchRow[], access: Access, now: Date, preloaded: Preloaded = {}): Promise<WatchView[]> {
  const tables = await loadProjectionTables(db, rows, preloaded);
  const dollars = access.entitlements.impactCalculator;
  return rows.map((row) => {
    let summary: ProjectionSummary | null = null;
    try {
      summary = summarize(projectWatchWith(tables, row, now, { dollars }));
    } catch (error) {
      console.error("[watchlist] projection failed", row.id, error);
    }
    return toView(row, tables.categories.get(row.categoryId)?.name ?? row.categoryId, summary);
  });
}

export async function getWatch(db: PrismaClient, subscriberId: string, id: string) {
  if (!isUuid(id)) return null;
  return watchOf(db, subscriberId, id);
}

export function isUuid(id: string): boolean {
  return /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id);
}
