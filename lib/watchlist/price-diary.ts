import type { Prisma, PrismaClient } from "@/lib/db/generated/client";
import { ApiError } from "@/lib/http/api-error";
import { signedDollars, signedPct } from "@/lib/tariffs/evidence";
import type { Band } from "@/lib/tariffs/price-change";
import { loadProjectionTables } from "@/lib/tariffs/projection-tables";
import { projectWatch, type WatchShape, type WatchTables } from "@/lib/tariffs/watch-projection";
import {
  ABOVE_MARGIN_CENTS,
  ABOVE_MARGIN_PP,
  STAYS_UP_DAYS,
  aboveTariff,
  bandBottom,
  bandTop,
  daysBetween,
  diaryOrder,
  explainedCents,
  staysUp,
  type AboveTariff,
  type DiaryEntry,
  type DutyFall,
  type StaysUp,
} from "./price-diary-rule";
import { DIARY_MESSAGES, ENTRIES_PER_WATCH, type PriceEntryInput } from "./price-diary-schema";

/**
 * The price diary (docs/alerts.md, "Price diary"): what a subscriber paid for a watched item,
 * by day and shop, charted against the rise the tariff law explains from the first entry, with
 * the two diary alerts (./price-diary-rule.ts) written on each add through the alerts' one
 * dedupe key, so a retried add leaves one alert (and the delivery job sends one email).
 */

/** A refusal of the diary: the route frame answers it as it is (an ApiError). */
export class DiaryError extends ApiError {
  constructor(status: 400 | 404 | 409, message: string, errors?: Record<string, string>) {
    super(status, message, errors);
    this.name = "DiaryError";
  }
}

/** The kinds of alert the diary writes (subscriber_alerts.kind). */
export const DIARY_ALERT_KINDS = ["price-above-tariff", "price-stays-up"] as const;

export const NO_WATCH = "No such watch on your watchlist.";
export const NO_ENTRY = "No such price in this watch's diary.";

type DiaryWatch = WatchShape & { id: string; subscriberId: string; name: string | null; categoryId: string };

async function ownWatch(db: PrismaClient, subscriberId: string, watchId: string): Promise<DiaryWatch> {
  const watch = await db.watch.findFirst({
    where: { id: watchId, subscriberId },
    select: { id: true, subscriberId: true, name: true, categoryId: true, htsCode: true, madeIn: true, horizonDays: true },
  });
  if (!watch) throw new DiaryError(404, NO_WATCH);
  return watch;
}

const isoDay = (d: Date) => d.toISOString().slice(0, 10);
const entrySelect = { id: true, paidOn: true, priceCents: true, shop: true, createdAt: true } as const;
type EntryRow = { id: string; paidOn: Date; priceCents: number; shop: string };
const toEntry = (r: EntryRow): DiaryEntry => ({ id: r.id, paidOn: isoDay(r.paidOn), priceCents: r.priceCents, shop: r.shop || null });

async function entriesOf(db: PrismaClient, watchId: string): Promise<DiaryEntry[]> {
  const rows = await db.priceEntry.findMany({ where: { watchId }, select: entrySelect, orderBy: [{ paidOn: "asc" }, { createdAt: "asc" }] });
  return diaryOrder(rows.map(toEntry));
}

/** The diary of one of the subscriber's watches, oldest first (404 for another's watch). */
export async function listPriceEntries(db: PrismaClient, subscriberId: string, watchId: string): Promise<DiaryEntry[]> {
  await ownWatch(db, subscriberId, watchId);
  return entriesOf(db, watchId);
}

/** The band the tariff explains from `from` to `to`: the watch's projection on `from` with its window ending on `to`. */
export function explainedBand(tables: WatchTables, watch: WatchShape, from: string, to: string): Band | null {
  return projectWatch(tables, { ...watch, horizonDays: Math.max(0, daysBetween(from, to)) }, from).band;
}

/** The falls of the duty the engine projects between the base's day and `to` (band wholly below zero). */
export function dutyFalls(tables: WatchTables, watch: WatchShape, from: string, to: string): DutyFall[] {
  const wp = projectWatch(tables, { ...watch, horizonDays: Math.max(0, daysBetween(from, to)) }, from);
  return wp.changes
    .filter((c): c is typeof c & { band: Band } => c.band !== null && bandTop(c.band) < 0 && c.first > from)
    .map((c) => ({ key: c.key, first: c.first, band: c.band, events: c.events.map((e) => ({ measureName: e.measureName, type: e.type })) }));
}

const money = (cents: number) => `$${(cents / 100).toFixed(2)}`;
const bandText = (b: Band) => `${signedPct(bandBottom(b))} to ${signedPct(bandTop(b))}`;
const EVENT_WORDS: Record<string, string> = {
  EXPIRED: "expired",
  STRUCK_DOWN: "struck down",
  PAUSED: "paused",
  RATE_CHANGE: "rate changed",
  EFFECTIVE: "took effect",
  RESUMED: "resumed",
};

type AlertRow = Prisma.SubscriberAlertCreateManyInput;

function aboveAlert(watch: DiaryWatch, label: string, a: AboveTariff): AlertRow {
  const ceiling = explainedCents(a.base.priceCents, a.explained).high;
  const reason =
    `You paid ${money(a.entry.priceCents)} on ${a.entry.paidOn}${a.entry.shop ? ` at ${a.entry.shop}` : ""}, ${signedPct(a.observedPct, 1)} over your first price of ${money(a.base.priceCents)} on ${a.base.paidOn}. ` +
    `The tariff law explains ${bandText(a.explained)} over that time, at most ${money(ceiling)}: this is ${signedDollars(a.excessCents)} (${a.excessPct.toFixed(1)} percentage points) more than the tariff explains.`;
  return {
    subscriberId: watch.subscriberId,
    watchId: watch.id,
    dedupeKey: `diary:above:${a.entry.id}`,
    kind: "price-above-tariff",
    severity: "watch",
    categoryId: watch.categoryId,
    title: `${label}: ${money(a.entry.priceCents)} is more than the tariff explains`,
    reason,
    centralPct: a.observedPct.toFixed(3),
    lowPct: a.explained.low.toFixed(3),
    highPct: a.explained.high.toFixed(3),
    centralCents: a.excessCents,
    evidence: {
      kind: "price-diary",
      nodes: [
        { id: "diary/base", label: "Your first price", value: `${money(a.base.priceCents)} on ${a.base.paidOn}`, formula: null, inputs: [], sourceIds: [] },
        { id: "diary/entry", label: "The price you recorded", value: `${money(a.entry.priceCents)} on ${a.entry.paidOn}`, formula: null, inputs: [], sourceIds: [] },
        {
          id: "diary/observed",
          label: "Your observed rise",
          value: signedPct(a.observedPct, 1),
          formula: `${money(a.entry.priceCents)} / ${money(a.base.priceCents)} − 1 = ${signedPct(a.observedPct, 1)}`,
          inputs: ["diary/base", "diary/entry"],
          sourceIds: [],
        },
        {
          id: "diary/total",
          label: "Above what the tariff explains",
          value: `${a.excessPct.toFixed(1)} percentage points, ${signedDollars(a.excessCents)}`,
          formula: `${signedPct(a.observedPct, 1)} − ${signedPct(bandTop(a.explained))} (the top of ${bandText(a.explained)}); alert above ${ABOVE_MARGIN_PP} points and ${money(ABOVE_MARGIN_CENTS)}`,
          inputs: ["diary/observed"],
          sourceIds: [],
        },
      ],
      sources: [],
      assumptions: "The tariff's band is the projection on your first price's day over the days to this price, fully passed on (docs/alerts.md, \"Price diary\").",
    },
  };
}

function staysUpAlert(watch: DiaryWatch, label: string, s: StaysUp): AlertRow {
  const what = s.fall.events.map((e) => `${e.measureName}: ${EVENT_WORDS[e.type] ?? e.type.toLowerCase()}`).join("; ");
  const reason =
    `The duty on this item fell on ${s.fall.first}${what ? ` (${what})` : ""}; the law projects ${bandText(s.fall.band)} on the shelf price. ` +
    `${STAYS_UP_DAYS} days on, you paid ${money(s.latest.priceCents)} on ${s.latest.paidOn}, not less than the ${money(s.inForce.priceCents)} you paid on ${s.inForce.paidOn} while it applied.`;
  return {
    subscriberId: watch.subscriberId,
    watchId: watch.id,
    dedupeKey: `diary:stays-up:${watch.id}:${s.fall.key}`,
    kind: "price-stays-up",
    severity: "watch",
    categoryId: watch.categoryId,
    title: `${label}: the price has not come down since the tariff ended`,
    reason,
    lowPct: s.fall.band.low.toFixed(3),
    highPct: s.fall.band.high.toFixed(3),
    centralPct: s.fall.band.central.toFixed(3),
    centralCents: s.latest.priceCents - s.inForce.priceCents,
    eventIds: s.fall.key.startsWith("on:") ? [] : s.fall.key.split(","),
    evidence: {
      kind: "price-diary",
      nodes: [
        { id: "diary/in-force", label: "While the tariff applied", value: `${money(s.inForce.priceCents)} on ${s.inForce.paidOn}`, formula: null, inputs: [], sourceIds: [] },
        { id: "diary/latest", label: "Your latest price", value: `${money(s.latest.priceCents)} on ${s.latest.paidOn}`, formula: null, inputs: [], sourceIds: [] },
        {
          id: "diary/total",
          label: "Change since the tariff ended",
          value: signedDollars(s.latest.priceCents - s.inForce.priceCents),
          formula: `expected ${bandText(s.fall.band)} from ${s.fall.first}; ${money(s.latest.priceCents)} ≥ ${money(s.inForce.priceCents)} after ${STAYS_UP_DAYS} days`,
          inputs: ["diary/in-force", "diary/latest"],
          sourceIds: [],
        },
      ],
      sources: [],
      assumptions: "A fall is a change of the duty the engine projects wholly below zero (an expiry, a ruling, a lower rate) (docs/alerts.md, \"Price diary\").",
    },
  };
}

/** The diary alerts `entries` call for after `added` was recorded (pure given the tables). */
export function diaryAlerts(tables: WatchTables | null, watch: DiaryWatch, entries: readonly DiaryEntry[], added: DiaryEntry, today: string): AlertRow[] {
  if (!tables) return [];
  const ordered = diaryOrder(entries);
  const base = ordered[0];
  const latest = ordered.at(-1);
  if (!base || !latest) return [];
  const label = watch.name || watch.categoryId;
  const out: AlertRow[] = [];
  const above = aboveTariff(base, added, explainedBand(tables, watch, base.paidOn, added.paidOn));
  if (above) out.push(aboveAlert(watch, label, above));
  if (latest.paidOn > base.paidOn) {
    for (const fall of dutyFalls(tables, watch, base.paidOn, latest.paidOn)) {
      const s = staysUp(ordered, fall, today);
      if (s) out.push(staysUpAlert(watch, label, s));
    }
  }
  return out;
}

async function tablesFor(db: PrismaClient, watch: WatchShape): Promise<WatchTables | null> {
  return (await loadProjectionTables(db, [watch])).tablesFor(watch);
}

/**
 * Records a price (400 for a day in the future, 409 past ENTRIES_PER_WATCH), then writes the
 * diary alerts it calls for: one per dedupe key, whatever the retries. The same day, price and
 * shop again is the same entry (a retry or a double click), not a second one.
 */
export async function addPriceEntry(
  db: PrismaClient,
  subscriberId: string,
  watchId: string,
  input: PriceEntryInput,
  now: Date,
): Promise<{ entry: DiaryEntry; alerts: string[] }> {
  const watch = await ownWatch(db, subscriberId, watchId);
  const today = isoDay(now);
  if (input.paidOn > today) throw new DiaryError(400, DIARY_MESSAGES.future, { paidOn: DIARY_MESSAGES.future });
  if ((await db.priceEntry.count({ where: { watchId } })) >= ENTRIES_PER_WATCH) {
    throw new DiaryError(409, `A diary keeps at most ${ENTRIES_PER_WATCH} prices: delete an old one first.`);
  }
  // A retried add (the same day, price and shop) finds the entry it made: one entry, one alert.
  const key = { watchId, paidOn: new Date(`${input.paidOn}T00:00:00Z`), priceCents: Math.round(input.price * 100), shop: input.shop || "" };
  await db.priceEntry.createMany({ data: [{ ...key, subscriberId }], skipDuplicates: true });
  const row = await db.priceEntry.findUniqueOrThrow({ where: { watchId_paidOn_priceCents_shop: key }, select: entrySelect });
  const entry = toEntry(row);
  const entries = await entriesOf(db, watchId);
  const alerts = diaryAlerts(await tablesFor(db, watch), watch, entries, entry, today);
  if (alerts.length) await db.subscriberAlert.createMany({ data: alerts, skipDuplicates: true });
  return { entry, alerts: alerts.map((a) => a.kind) };
}

/** Deletes one price of the subscriber's watch (404 otherwise). Alerts it raised stay, as sent. */
export async function deletePriceEntry(db: PrismaClient, subscriberId: string, watchId: string, entryId: string): Promise<void> {
  await ownWatch(db, subscriberId, watchId);
  const { count } = await db.priceEntry.deleteMany({ where: { id: entryId, watchId, subscriberId } });
  if (count === 0) throw new DiaryError(404, NO_ENTRY);
}

/** One point of the chart: a day, and the prices the tariff explains on it from the base (cents). */
export type DiaryBandPoint = { day: string; low: number; high: number };
export type DiaryChart = { entries: DiaryEntry[]; band: DiaryBandPoint[] | null };

/**
 * The diary with the band to draw: on each entry's day and on the days either side of each
 * change of the duty in between, the base price times (1 + the band explained from the base's
 * day to that day). Null band when the projection is unknown.
 */
export async function diaryChart(db: PrismaClient, subscriberId: string, watchId: string): Promise<DiaryChart> {
  const watch = await ownWatch(db, subscriberId, watchId);
  const entries = await entriesOf(db, watchId);
  const base = entries[0];
  const last = entries.at(-1);
  if (!base || !last) return { entries, band: null };
  const tables = await tablesFor(db, watch);
  if (!tables) return { entries, band: null };
  const wp = projectWatch(tables, { ...watch, horizonDays: Math.max(0, daysBetween(base.paidOn, last.paidOn)) }, base.paidOn);
  const days = new Set(entries.map((e) => e.paidOn));
  for (const c of wp.changes) {
    if (c.first > base.paidOn && c.first <= last.paidOn) {
      days.add(c.first);
      days.add(isoDay(new Date(Date.parse(`${c.first}T00:00:00Z`) - 86_400_000)));
    }
  }
  const band: DiaryBandPoint[] = [];
  for (const day of [...days].sort()) {
    const b = explainedBand(tables, watch, base.paidOn, day);
    if (!b) return { entries, band: null };
    band.push({ day, ...explainedCents(base.priceCents, b) });
  }
  return { entries, band };
}
