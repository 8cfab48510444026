import type { PrismaClient } from "@/lib/db/generated/client";
import { cheapestPlanWith, DEFAULT_HORIZON_DAYS, DEFAULT_THRESHOLD_PCT, planName, type Access } from "@/lib/entitlements";
import type { Law } from "@/lib/tariffs/law";
import { dollarsOn, type Band } from "@/lib/tariffs/price-change";
import type { StoredProjection } from "@/lib/tariffs/projection-document";
import { projectionSentence } from "@/lib/tariffs/projection-sentence";
import {
  categoryById,
  categoryWatchOf,
  deleteWatchOf,
  htsLineByCode,
  sameItemOf,
  watchedCategoryIds,
  watchesWithProjectionOf,
  watchOf,
  watchWithProjectionOf,
  type WatchFields,
  type WatchWithProjection,
} from "./queries";
import { changesItemDetails, type AddWatch, type UpdateWatch } from "./schema";
import { currentProjections, refreshProjections, type ProjectionDb } from "./stored-projection";

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

/**
 * A watch's projection as the pages and /api/watchlist show it: the stored figures (percent,
 * 0.001 pp), the dollars on the watch's price when the plan shows them, and the one sentence.
 * `central`, `low` and `high` are null when the projection is unknown (`status` "unknown").
 */
export type ProjectionSummary = {
  status: StoredProjection["status"];
  central: number | null;
  low: number | null;
  high: number | null;
  /** Whole cents on the watch's price (plans with impactCalculator and a price only). */
  dollars?: Band;
  /** Of which on the shelf by the horizon's end, percent. */
  byHorizon: Band | null;
  /** The day the (last) change is fully on the shelf. */
  by: string | null;
  horizonEnd: string;
  unconfirmed: boolean;
  /** The day the projection holds for. */
  asOf: string;
  /** The one sentence the projection opens with (lib/tariffs/projection-sentence.ts). */
  sentence: string;
};

export type WatchView = Pick<WatchFields, "id" | "categoryId" | "htsCode" | "name" | "priceCents" | "madeIn" | "perYear" | "thresholdPct" | "horizonDays"> & {
  kind: "category" | "item";
  categoryName: string;
  snoozedUntil: string | null;
  projection: ProjectionSummary | null;
};

/** What the caller has already read: the law. */
type Preloaded = { law?: Law };

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


/** The tables adding a watch reads and writes, its projection's included: the client or a transaction (the CSV import runs in one, lib/watchlist/import.ts). */
type WatchDb = Pick<PrismaClient, "watch" | "htsLine" | "consumerCategory"> & ProjectionDb;

/**
 * Adds a category or item watch; throws WatchlistError (400 unknown category/line, 403 plan
 * limit, 409 duplicate: the same category, or an item of the same name, tariff line or
 * category, and origin, so a retried add or a re-imported file leaves one watch). Its
 * projection is stored with it (docs/alerts.md, "The stored projection").
 */
export async function addWatch(db: WatchDb, subscriberId: string, access: Access, input: AddWatch, now: Date = new Date()) {
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
    select: { id: true, categoryId: true, htsCode: true, madeIn: true, horizonDays: true },
  });
  await refreshProjections(db, [row], now);
  return { id: row.id };
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
  const updated = await db.watch.update({
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
    select: { id: true, categoryId: true, htsCode: true, madeIn: true, horizonDays: true },
  });
  // The horizon moves the window of changes and the origin the duties: the stored projection
  // follows the edit (the name and the price are applied on read, lib/watchlist/service.ts summaryOf).
  if (updated.horizonDays !== watch.horizonDays || updated.madeIn !== watch.madeIn) await refreshProjections(db, [updated], now);
}

/** The summary of a stored projection for a watch (dollars only with impactCalculator). */
export function summaryOf(stored: StoredProjection, watch: Pick<WatchWithProjection, "name" | "categoryName" | "categoryId" | "priceCents">, access: Pick<Access, "entitlements">): ProjectionSummary {
  const dollarsPlan = access.entitlements.impactCalculator ? null : planName(cheapestPlanWith("impactCalculator"));
  const dollars = stored.band && watch.priceCents !== null && dollarsPlan === null ? dollarsOn(watch.priceCents, stored.band) : undefined;
  return {
    status: stored.status,
    central: stored.band?.central ?? null,
    low: stored.band?.low ?? null,
    high: stored.band?.high ?? null,
    ...(dollars ? { dollars } : {}),
    byHorizon: stored.byHorizon,
    by: stored.by,
    horizonEnd: stored.horizonEnd,
    unconfirmed: stored.unconfirmed,
    asOf: stored.asOf,
    sentence: projectionSentence(stored, { item: itemName(watch), priceCents: watch.priceCents, dollarsPlan }),
  };
}

/** What the sentence calls the watch: its name, else its category's (as the alert engine names it in titles). */
export function itemName(watch: Pick<WatchWithProjection, "name" | "categoryName" | "categoryId">): string {
  return watch.name || watch.categoryName || watch.categoryId;
}

/** A stored watch in the shape the API and the pages use. */
export function toView(row: WatchWithProjection, projection: ProjectionSummary | null): WatchView {
  return {
    id: row.id,
    kind: row.kind === "item" ? "item" : "category",
    categoryId: row.categoryId,
    categoryName: row.categoryName ?? row.categoryId,
    htsCode: row.htsCode,
    name: row.name,
    priceCents: row.priceCents,
    madeIn: row.madeIn,
    perYear: row.perYear,
    thresholdPct: row.thresholdPct,
    horizonDays: row.horizonDays,
    snoozedUntil: row.snoozedUntil ? row.snoozedUntil.toISOString() : null,
    projection,
  };
}

/**
 * The subscriber's watches with their projections and the plan's limit: one query reads the
 * watches with their stored projections and the law's change stamp; a projection that does not
 * hold for today, the law or the watch is computed again and stored (lib/watchlist/stored-projection.ts).
 */
export async function listWatches(
  db: PrismaClient,
  subscriberId: string,
  access: Access,
  now: Date,
  preloaded: Preloaded = {},
): Promise<{ watches: WatchView[]; limits: WatchlistLimits }> {
  const rows = await watchesWithProjectionOf(db, subscriberId);
  const watches = await viewsOf(db, rows, access, now, preloaded);
  const used = new Set(rows.map((r) => r.categoryId)).size;
  return { watches, limits: { maxCategories: access.entitlements.maxCategories, used } };
}

/** One watch of the subscriber as the API shows it (with its projection summary), or null. */
export async function watchView(db: PrismaClient, subscriberId: string, access: Access, id: string, now: Date): Promise<WatchView | null> {
  const row = isUuid(id) ? await watchWithProjectionOf(db, subscriberId, id) : null;
  return row ? ((await viewsOf(db, [row], access, now))[0] ?? null) : null;
}

async function viewsOf(db: PrismaClient, rows: WatchWithProjection[], access: Access, now: Date, preloaded: Preloaded = {}): Promise<WatchView[]> {
  if (!rows.length) return [];
  const current = await currentProjections(db, rows, now, rows[0]!.lawStamp, preloaded);
  return rows.map((row) => {
    const stored = current.get(row.id)?.stored;
    return toView(row, stored ? summaryOf(stored, row, access) : null);
  });
}


export function isUuid(id: string): boolean {
  return /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id);
}
