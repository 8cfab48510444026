import "server-only";
import { createHash } from "node:crypto";
import { deliverAlerts } from "@/lib/alerts/deliver";
import { evaluateWatches } from "@/lib/alerts/evaluate";
import type { Admin } from "@/lib/admin-auth/session";
import { isUniqueViolation } from "@/lib/db/errors";
import type { Prisma, PrismaClient } from "@/lib/db/generated/client";
import { getEnv } from "@/lib/env";
import { ApiError } from "@/lib/http/route";
import { applyHtsReviewItem, closeReviewedRelease, HtsApplyError, type HtsApplied } from "@/lib/tariffs/hts-import";
import { num, resetLawCache } from "@/lib/tariffs/law";
import {
  OPERATOR_PREFIX,
  reevaluationText,
  type CreateEventInput,
  type CreateMeasureInput,
  type ReevaluationSummary,
  type SourceInput,
  type UpdateEventInput,
  type UpdateMeasureInput,
} from "./tariff-schemas";

/**
 * The operator side of tariff law (docs/tariffs.md "Operator
 * side"): add or edit a measure, add, edit or delete a dated event, resolve a review item.
 * Each change is written with its audit row (who, what, before and after) in one
 * transaction; then ONLY the watches on the changed measure's lines are re-evaluated
 * (lib/alerts/evaluate.ts with `measureIds`) and due alerts delivered, and the audit row
 * gets that summary. A failed re-evaluation leaves the change saved and says so.
 */
type Tx = Prisma.TransactionClient;

export type ChangeResult<T> = { item: T; auditId: string; summary: ReevaluationSummary; message: string };

const day = (iso: string) => new Date(`${iso}T00:00:00.000Z`);
const isoDay = (d: Date) => d.toISOString().slice(0, 10);

// --- sources ----------------------------------------------------------------------------

const PUBLISHERS: { host: RegExp; publisher: string; kind: SourceInput["sourceKind"] & string }[] = [
  { host: /(^|\.)federalregister\.gov$/, publisher: "Federal Register", kind: "FR_DOC" },
  { host: /(^|\.)govinfo\.gov$/, publisher: "GovInfo (U.S. GPO)", kind: "FR_DOC" },
  { host: /(^|\.)usitc\.gov$/, publisher: "U.S. International Trade Commission", kind: "HTS_RELEASE" },
  { host: /(^|\.)ustr\.gov$/, publisher: "Office of the U.S. Trade Representative", kind: "USTR_NOTICE" },
  { host: /(^|\.)whitehouse\.gov$/, publisher: "The White House", kind: "PROCLAMATION" },
  { host: /(^|\.)cbp\.gov$/, publisher: "U.S. Customs and Border Protection", kind: "CBP_NOTICE" },
  { host: /(^|\.)(supremecourt\.gov|uscourts\.gov|cit\.uscourts\.gov|cafc\.uscourts\.gov)$/, publisher: "U.S. courts", kind: "COURT_OPINION" },
];

/** What a URL alone says about its document: publisher, kind, FR document number and day. */
export function describeSourceUrl(url: string): { publisher: string; kind: string; citation: string | null; publishedAt: string | null } {
  const u = new URL(url);
  const known = PUBLISHERS.find((p) => p.host.test(u.hostname));
  const fr = /\/documents\/(\d{4})\/(\d{2})\/(\d{2})\/(\d{4}-\d{4,6})\b/.exec(u.pathname);
  return {
    publisher: known?.publisher ?? u.hostname.replace(/^www\./, ""),
    kind: known?.kind ?? "NEWS",
    citation: fr ? `FR Doc ${fr[4]}` : null,
    publishedAt: fr ? `${fr[1]}-${fr[2]}-${fr[3]}` : null,
  };
}

/** The id of the source a change cites: an existing row with the same URL, else a new "op_src_" row. */
async function ensureSource(tx: Tx, input: SourceInput, fallback: { title: string; day: string }): Promise<{ id: string; created: boolean }> {
  const existing = await tx.sourceDocument.findFirst({ where: { url: input.sourceUrl }, select: { id: true }, orderBy: { id: "asc" } });
  if (existing) return { id: existing.id, created: false };
  const guess = describeSourceUrl(input.sourceUrl);
  const id = `${OPERATOR_PREFIX}src_${createHash("sha256").update(input.sourceUrl).digest("hex").slice(0, 16)}`;
  await tx.sourceDocument.upsert({
    where: { id },
    create: {
      id,
      kind: input.sourceKind ?? guess.kind,
      title: input.sourceTitle || fallback.title,
      citation: input.sourceCitation || guess.citation,
      url: input.sourceUrl,
      publisher: guess.publisher,
      publishedAt: day(input.sourcePublishedAt ?? guess.publishedAt ?? fallback.day),
    },
    update: {},
  });
  return { id, created: true };
}

// --- snapshots for the audit log ------------------------------------------------------------

type MeasureRow = Prisma.TariffMeasureGetPayload<object>;
type EventRow = Prisma.MeasureEventGetPayload<object>;

function measureSnapshot(m: MeasureRow) {
  return {
    id: m.id,
    authority: m.authority,
    name: m.name,
    ch99Headings: m.ch99Headings,
    rate: num(m.rate),
    countries: m.countries,
    excludedCountries: m.excludedCountries,
    countryOverrides: m.countryOverrides,
    products: m.products,
    excludedProducts: m.excludedProducts,
    notWith: m.notWith,
    stacking: m.stacking,
    sourceId: m.sourceId,
    confidence: m.confidence,
    notes: m.notes,
  };
}

function eventSnapshot(e: EventRow) {
  return { id: e.id, measureId: e.measureId, date: isoDay(e.date), type: e.type, rate: num(e.rate), country: e.country, sourceId: e.sourceId, note: e.note };
}

const json = (v: unknown) => JSON.parse(JSON.stringify(v)) as Prisma.InputJsonValue;

// --- re-evaluation ----------------------------------------------------------------------------

/** Re-evaluates the watches on the lines of these measures, then delivers what is due. Never throws. */
export async function reevaluateMeasures(db: PrismaClient, measureIds: string[], now: Date): Promise<ReevaluationSummary> {
  return reevaluate(db, { measureIds }, now);
}

/** Re-evaluates the watches on the lines of these measures and under these HTS prefixes, then delivers what is due. Never throws. */
async function reevaluate(db: PrismaClient, touched: { measureIds?: string[]; htsPrefixes?: string[] }, now: Date): Promise<ReevaluationSummary> {
  resetLawCache(db);
  try {
    const result = await evaluateWatches(db, { now, ...touched });
    const summary: ReevaluationSummary = { watchesEvaluated: result.watchesEvaluated, alertsWritten: result.alertsWritten, combos: result.combos, ms: result.ms };
    if (result.alertsWritten > 0) {
      try {
        summary.delivered = json(await deliverAlerts(db, { now, siteUrl: getEnv().SITE_URL }));
      } catch (error) {
        summary.delivered = { error: error instanceof Error ? error.message : String(error) };
      }
    }
    return summary;
  } catch (error) {
    console.error("[admin-tariffs] re-evaluation failed", error);
    return { watchesEvaluated: 0, alertsWritten: 0, combos: 0, ms: 0, error: error instanceof Error ? error.message : String(error) };
  }
}

async function finish<T>(db: PrismaClient, measureId: string, now: Date, auditId: string, item: T, what: string): Promise<ChangeResult<T>> {
  const summary = await reevaluateMeasures(db, [measureId], now);
  await db.tariffAuditLog.update({ where: { id: auditId }, data: { summary: json(summary) } });
  return { item, auditId, summary, message: `${what}; ${reevaluationText(summary)}.` };
}

/** Makes every process see the change: the law cache is keyed on the measures' latest updatedAt (lib/tariffs/law.ts). */
async function touchMeasure(tx: Tx, measureId: string, now: Date): Promise<void> {
  await tx.tariffMeasure.update({ where: { id: measureId }, data: { updatedAt: now } });
}

/** A transaction whose unique-key collision (two operators at once) is a 409, not a 500. */
async function inTx<T>(db: PrismaClient, fn: (tx: Tx) => Promise<T>): Promise<T> {
  try {
    return await db.$transaction(fn);
  } catch (error) {
    if (isUniqueViolation(error)) throw new ApiError(409, "Someone else just made the same change. Reload the page and try again.");
    throw error;
  }
}

// --- measures -----------------------------------------------------------------------------------

function slug(name: string): string {
  return (
    name
      .toLowerCase()
      .normalize("NFKD")
      .replace(/[^a-z0-9]+/g, "_")
      .replace(/^_+|_+$/g, "")
      .slice(0, 40) || "measure"
  );
}

function measureData(input: Partial<CreateMeasureInput>) {
  const data: Prisma.TariffMeasureUpdateInput = {};
  if (input.authority !== undefined) data.authority = input.authority;
  if (input.name !== undefined) data.name = input.name;
  if (input.ch99Headings !== undefined) data.ch99Headings = input.ch99Headings;
  if (input.rate !== undefined) data.rate = input.rate === null ? null : String(input.rate);
  if (input.countries !== undefined) data.countries = input.countries === "ALL" ? ["ALL"] : [...new Set(input.countries)];
  if (input.excludedCountries !== undefined) data.excludedCountries = [...new Set(input.excludedCountries)];
  if (input.countryOverrides !== undefined) data.countryOverrides = json(input.countryOverrides);
  if (input.products !== undefined) data.products = [...new Set(input.products)];
  if (input.excludedProducts !== undefined) data.excludedProducts = [...new Set(input.excludedProducts)];
  if (input.notWith !== undefined) data.notWith = [...new Set(input.notWith)];
  if (input.stacking !== undefined) data.stacking = input.stacking;
  if (input.confidence !== undefined) data.confidence = input.confidence;
  if (input.notes !== undefined) data.notes = input.notes;
  return data;
}

export async function createMeasure(db: PrismaClient, admin: Admin, input: CreateMeasureInput, now: Date): Promise<ChangeResult<ReturnType<typeof measureSnapshot>>> {
  const today = isoDay(now);
  const { auditId, item } = await inTx(db, async (tx) => {
    let id = input.id;
    if (id) {
      if (await tx.tariffMeasure.findUnique({ where: { id }, select: { id: true } })) {
        throw new ApiError(409, `A measure with the id ${id} already exists.`, { id: "This id is taken: choose another." });
      }
    } else {
      const base = `${OPERATOR_PREFIX}${slug(input.name)}`;
      id = base;
      for (let n = 2; await tx.tariffMeasure.findUnique({ where: { id }, select: { id: true } }); n++) id = `${base}_${n}`;
    }
    const source = await ensureSource(tx, input, { title: input.name, day: today });
    const row = await tx.tariffMeasure.create({
      data: { ...(measureData(input) as Prisma.TariffMeasureCreateInput), id, authority: input.authority, name: input.name, confidence: input.confidence, sourceId: source.id, createdAt: now, updatedAt: now },
    });
    const after = measureSnapshot(row);
    const audit = await tx.tariffAuditLog.create({
      data: { actor: admin.username, action: "measure.create", measureId: id, after: json({ ...after, sourceCreated: source.created }), at: now },
    });
    return { auditId: audit.id, item: after };
  });
  return finish(db, item.id, now, auditId, item, `Added measure ${item.id}`);
}

export async function updateMeasure(
  db: PrismaClient,
  admin: Admin,
  id: string,
  input: UpdateMeasureInput,
  now: Date,
): Promise<ChangeResult<ReturnType<typeof measureSnapshot>>> {
  const { auditId, item } = await inTx(db, async (tx) => {
    const current = await tx.tariffMeasure.findUnique({ where: { id } });
    if (!current) throw new ApiError(404, "No such measure.");
    const data = measureData(input as Partial<CreateMeasureInput>);
    if (input.sourceUrl) {
      data.sourceId = (await ensureSource(tx, { ...input, sourceUrl: input.sourceUrl }, { title: input.name ?? current.name, day: isoDay(now) })).id;
    }
    const row = await tx.tariffMeasure.update({ where: { id }, data: { ...data, updatedAt: now } });
    const audit = await tx.tariffAuditLog.create({
      data: { actor: admin.username, action: "measure.update", measureId: id, before: json(measureSnapshot(current)), after: json(measureSnapshot(row)), at: now },
    });
    return { auditId: audit.id, item: measureSnapshot(row) };
  });
  return finish(db, id, now, auditId, item, `Saved measure ${id}`);
}

// --- events ---------------------------------------------------------------------------------------

export async function createEvent(db: PrismaClient, admin: Admin, input: CreateEventInput, now: Date): Promise<ChangeResult<ReturnType<typeof eventSnapshot>>> {
  const { auditId, item } = await inTx(db, async (tx) => {
    const measure = await tx.tariffMeasure.findUnique({ where: { id: input.measureId }, select: { id: true, name: true } });
    if (!measure) throw new ApiError(400, "No such measure.", { measureId: "No such measure." });
    const base = `${OPERATOR_PREFIX}${measure.id.replace(/^op_/, "")}:${input.type.toLowerCase()}:${input.date}${input.country ? `:${input.country}` : ""}`;
    let id = base;
    for (let n = 2; await tx.measureEvent.findUnique({ where: { id }, select: { id: true } }); n++) id = `${base}:${n}`;
    const source = await ensureSource(tx, input, { title: `${measure.name}: ${input.type.toLowerCase().replace(/_/g, " ")} ${input.date}`, day: input.date });
    const row = await tx.measureEvent.create({
      data: {
        id,
        measureId: measure.id,
        date: day(input.date),
        type: input.type,
        rate: input.rate === undefined || input.rate === null ? null : String(input.rate),
        country: input.country ?? null,
        sourceId: source.id,
        note: input.note,
        createdAt: now,
      },
    });
    await touchMeasure(tx, measure.id, now);
    const after = eventSnapshot(row);
    const audit = await tx.tariffAuditLog.create({
      data: { actor: admin.username, action: "event.create", measureId: measure.id, eventId: id, after: json({ ...after, sourceCreated: source.created }), at: now },
    });
    return { auditId: audit.id, item: after };
  });
  return finish(db, item.measureId, now, auditId, item, `Added event ${item.id}`);
}

export async function updateEvent(db: PrismaClient, admin: Admin, id: string, input: UpdateEventInput, now: Date): Promise<ChangeResult<ReturnType<typeof eventSnapshot>>> {
  const { auditId, item } = await inTx(db, async (tx) => {
    const current = await tx.measureEvent.findUnique({ where: { id } });
    if (!current) throw new ApiError(404, "No such event.");
    const type = input.type ?? current.type;
    const rate = input.rate !== undefined ? input.rate : num(current.rate);
    if (type === "RATE_CHANGE" && (rate === null || rate === undefined)) throw new ApiError(400, "A rate change needs the new rate.", { rate: "A rate change needs the new rate." });
    const data: Prisma.MeasureEventUpdateInput = {};
    if (input.date !== undefined) data.date = day(input.date);
    if (input.type !== undefined) data.type = input.type;
    if (input.rate !== undefined) data.rate = input.rate === null ? null : String(input.rate);
    if (input.country !== undefined) data.country = input.country;
    if (input.note !== undefined) data.note = input.note;
    if (input.sourceUrl) {
      data.sourceId = (await ensureSource(tx, { ...input, sourceUrl: input.sourceUrl }, { title: `${current.measureId}: ${type} ${input.date ?? isoDay(current.date)}`, day: input.date ?? isoDay(current.date) })).id;
    }
    const row = await tx.measureEvent.update({ where: { id }, data });
    await touchMeasure(tx, current.measureId, now);
    const audit = await tx.tariffAuditLog.create({
      data: { actor: admin.username, action: "event.update", measureId: current.measureId, eventId: id, before: json(eventSnapshot(current)), after: json(eventSnapshot(row)), at: now },
    });
    return { auditId: audit.id, item: eventSnapshot(row) };
  });
  return finish(db, item.measureId, now, auditId, item, `Saved event ${id}`);
}

export async function deleteEvent(db: PrismaClient, admin: Admin, id: string, now: Date): Promise<ChangeResult<ReturnType<typeof eventSnapshot>>> {
  const { auditId, item } = await inTx(db, async (tx) => {
    const current = await tx.measureEvent.findUnique({ where: { id } });
    if (!current) throw new ApiError(404, "No such event.");
    await tx.measureEvent.delete({ where: { id } });
    await touchMeasure(tx, current.measureId, now);
    const audit = await tx.tariffAuditLog.create({
      data: { actor: admin.username, action: "event.delete", measureId: current.measureId, eventId: id, before: json(eventSnapshot(current)), at: now },
    });
    return { auditId: audit.id, item: eventSnapshot(current) };
  });
  return finish(db, item.measureId, now, auditId, item, `Deleted event ${id}`);
}

// --- review items -----------------------------------------------------------------------------------

/**
 * Resolves a review item. A Federal Register document is only marked. An HTS revision item
 * (kind hts-*; lib/tariffs/hts-import.ts) approved ("done") stores its change with the release's
 * id in the same transaction, then the watches it touches are re-evaluated like after a law edit;
 * dismissing it stores nothing. When a release has no item left to review it becomes the stored
 * release: the law's as-of.
 */
export async function resolveReviewItem(db: PrismaClient, admin: Admin, id: string, status: "done" | "dismissed", now: Date, note?: string) {
  const done = await inTx(db, async (tx) => {
    const item = await tx.tariffReviewItem.findUnique({ where: { id } });
    if (!item) throw new ApiError(404, "No such review item.");
    if (item.status !== "to-review") throw new ApiError(409, `This item is already ${item.status}.`);
    const hts = item.kind.startsWith("hts-");
    let applied: HtsApplied | null = null;
    if (hts && status === "done") {
      try {
        applied = await applyHtsReviewItem(tx, item);
      } catch (error) {
        if (error instanceof HtsApplyError) throw new ApiError(409, error.message);
        throw error;
      }
    }
    const row = await tx.tariffReviewItem.update({ where: { id }, data: { status, resolvedAt: now, resolvedBy: admin.username } });
    const releaseStored = hts && item.releaseId ? await closeReviewedRelease(tx, item.releaseId, now) : false;
    const audit = await tx.tariffAuditLog.create({
      data: {
        actor: admin.username,
        action: status === "done" ? "review.done" : "review.dismiss",
        before: json({ documentNumber: item.documentNumber, status: item.status }),
        after: json({ documentNumber: item.documentNumber, status, ...(note ? { note } : {}), ...(applied ? { stored: applied.stored } : {}), ...(releaseStored ? { releaseStored: item.releaseId } : {}) }),
        at: now,
      },
    });
    return { row, applied, releaseStored, auditId: audit.id };
  });
  const { row, applied, releaseStored, auditId } = done;
  const item = { id: row.id, documentNumber: row.documentNumber, status: row.status, resolvedAt: row.resolvedAt?.toISOString() ?? null, resolvedBy: row.resolvedBy };
  if (!applied) return { item, ...(releaseStored ? { message: `${row.releaseId} is now the stored HTS release.` } : {}) };
  const summary = await reevaluate(db, { measureIds: applied.measureIds, htsPrefixes: applied.htsPrefixes }, now);
  await db.tariffAuditLog.update({ where: { id: auditId }, data: { summary: json(summary) } });
  const message = `Stored ${applied.stored}${releaseStored ? `; ${row.releaseId} is now the stored HTS release` : ""}; ${reevaluationText(summary)}.`;
  return { item, summary, message };
}
