import { z } from "zod";
import type { Prisma, PrismaClient } from "@/lib/db/generated/client";
import {
  citesHeading,
  ch99ChangeSchema,
  describeCh99Change,
  describeLineChange,
  describeStatistical,
  diffRevisions,
  isStatisticalEmpty,
  type Ch99Change,
  type HtsDiff,
  lineChangeSchema,
  problemOf,
  statisticalChangesSchema,
  type LineChange,
} from "./hts-diff";
import { categoryAssigner, ch99HeadingsFromExport, linesFromSchedule, scheduleRowsFromExport, type Ch99Heading, type ScheduleLine, type UsitcRecord } from "./hts-schedule";
import { insertHtsLines } from "./hts-store";
import type { HtsLine } from "./types";

/**
 * The HTS revision importer (docs/tariffs.md, "HTS revisions"): a registered job
 * (lib/jobs/registry.ts, "hts-import") that reads USITC's release list, and when the current
 * release is one we have not read, its JSON export (the same format as the reference snapshot's
 * schedule), diffs it against the stored HTS (lines and Chapter 99 headings in the database) and
 * queues every change as a "to review" item at /admin/tariffs (lib/tariffs/hts-diff.ts). Nothing
 * changes until an operator approves an item: `applyHtsReviewItem` then stores its new lines,
 * rate or heading with the release's id, and the caller re-evaluates the touched watches.
 */
type Db = PrismaClient | Prisma.TransactionClient;

export type HtsImportConfig = {
  /** The reststop base, e.g. https://hts.usitc.gov/reststop (lib/env: HTS_API_URL). */
  apiUrl: string;
  fetch?: typeof fetch;
  timeoutMs?: number;
};

/** A release as the product names it. */
export type HtsReleaseInfo = { id: string; name: string; title: string; date: string };

export type HtsImportSummary = {
  /** unchanged: the current release is one we hold; baseline: nothing was stored, the release was stored as is; imported: changes queued; failed: see error. */
  status: "unchanged" | "baseline" | "imported" | "failed";
  release: string | null;
  /** The newest stored release the diff was made against. */
  previous: string | null;
  items: { lines: number; ch99: number; statistical: number };
  /** Open items of older releases this one replaced. */
  superseded: number;
  error?: string;
};

// --- the wire format ---------------------------------------------------------------------

const releaseSchema = z.looseObject({
  name: z.string(),
  description: z.string().nullish(),
  releaseStartDate: z.string().nullish(),
  status: z.string().nullish(),
});
const releaseListSchema = z.array(releaseSchema);
const recordSchema = z.looseObject({
  htsno: z.string().nullish(),
  indent: z.union([z.string(), z.number()]).nullish(),
  description: z.string().nullish(),
  general: z.string().nullish(),
  units: z.array(z.string().nullable()).nullish(),
  footnotes: z.array(z.looseObject({ value: z.string().nullish(), columns: z.array(z.string()).nullish() })).nullish(),
});
const exportSchema = z.array(recordSchema);

/** USITC's release name as the product names it: "2026HTSRev10" -> 2026_rev_10, "HTS 2026 Revision 10"; "2026HTSBasic" -> 2026_basic. */
export function releaseInfo(r: { name: string; releaseStartDate?: string | null }): HtsReleaseInfo | null {
  const m = /^(\d{4})HTS(Basic|Rev(\d+))$/i.exec(r.name.trim());
  const d = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec((r.releaseStartDate ?? "").trim());
  if (!m || !d) return null;
  const [, year, , rev] = m;
  return {
    id: rev ? `${year}_rev_${Number(rev)}` : `${year}_basic`,
    name: r.name.trim(),
    title: rev ? `HTS ${year} Revision ${Number(rev)}` : `HTS ${year} Basic Edition`,
    date: `${d[3]}-${d[1]}-${d[2]}`,
  };
}

/** The release USITC marks current, else the newest by its start date. */
export function currentRelease(list: readonly z.infer<typeof releaseSchema>[]): HtsReleaseInfo | null {
  const parsed = list.map((r) => ({ r, info: releaseInfo(r) })).filter((x): x is { r: z.infer<typeof releaseSchema>; info: HtsReleaseInfo } => x.info !== null);
  const current = parsed.find((x) => x.r.status?.toLowerCase() === "current");
  if (current) return current.info;
  return parsed.map((x) => x.info).sort((a, b) => (a.date < b.date ? 1 : a.date > b.date ? -1 : 0))[0] ?? null;
}

async function getJson(config: HtsImportConfig, path: string): Promise<unknown> {
  const url = `${config.apiUrl}${path}`;
  let res: Response | null = null;
  // One retry on a connection error (a kept-alive socket the server closed meanwhile): a daily
  // job should not fail on that; an HTTP error status is an answer and is not retried.
  for (let attempt = 1; !res; attempt++) {
    try {
      res = await (config.fetch ?? fetch)(url, { headers: { accept: "application/json" }, signal: AbortSignal.timeout(config.timeoutMs ?? 120_000) });
    } catch (error) {
      if (attempt < 2) continue;
      // Duck-typed: an error from another realm (a test's VM) is not an instanceof Error here.
      const e = error as { message?: unknown; cause?: { message?: unknown; code?: unknown } };
      const cause = e.cause ? `: ${String(e.cause.code ?? e.cause.message ?? "")}` : "";
      throw new Error(`USITC could not be reached for ${path.split("?")[0]} (${String(e.message ?? error)}${cause})`);
    }
  }
  if (!res.ok) throw new Error(`USITC answered ${res.status} for ${path.split("?")[0]}`);
  return res.json();
}

/** The current release and its export: every record of chapters 01-99, the snapshot's format. */
export async function fetchCurrentRevision(config: HtsImportConfig): Promise<{ release: HtsReleaseInfo; records: UsitcRecord[] }> {
  const list = releaseListSchema.safeParse(await getJson(config, "/releaseList"));
  if (!list.success) throw new Error("USITC's release list is not in the expected format (a list of {name, releaseStartDate, status})");
  const release = currentRelease(list.data);
  if (!release) throw new Error("USITC's release list names no release we can read (name like 2026HTSRev10, date MM/DD/YYYY)");
  const records = exportSchema.safeParse(await getJson(config, "/exportList?from=0101&to=9999&format=JSON&styles=true"));
  if (!records.success) throw new Error("USITC's export is not in the expected format (a list of {htsno, indent, description, general, footnotes, ...})");
  return { release, records: records.data as UsitcRecord[] };
}

// --- the stored revision -----------------------------------------------------------------------

/** Every stored HTS line and Chapter 99 heading, in the importer's shapes. */
export async function storedRevision(db: Db): Promise<{ lines: ScheduleLine[]; ch99: Ch99Heading[] }> {
  const [lines, ch99] = await Promise.all([
    db.htsLine.findMany({ select: { code: true, digits: true, description: true, descriptionPath: true, generalRateText: true, generalAdValorem: true, ch99Refs: true, units: true } }),
    db.htsCh99Heading.findMany({ select: { heading: true, description: true, generalText: true } }),
  ]);
  return {
    lines: lines.map((l) => ({ ...l, generalAdValorem: l.generalAdValorem === null ? null : Number(l.generalAdValorem), units: l.units ?? [] })),
    ch99,
  };
}

/** The newest release whose changes are all stored (the law's as-of), or null. */
export async function newestStoredRelease(db: Db): Promise<{ id: string; title: string; releaseDate: Date } | null> {
  return db.htsRelease.findFirst({ where: { status: "stored" }, orderBy: [{ releaseDate: "desc" }, { id: "desc" }], select: { id: true, title: true, releaseDate: true } });
}

const day = (iso: string) => new Date(`${iso}T00:00:00.000Z`);
const json = (v: unknown) => JSON.parse(JSON.stringify(v)) as Prisma.InputJsonValue;

/** Lines with their categories (curated first, then the HS groups: lib/tariffs/hts-schedule.ts). */
async function withCategories(db: Db, lines: readonly ScheduleLine[]): Promise<HtsLine[]> {
  const categories = await db.consumerCategory.findMany({ select: { id: true, htsPrefixes: true, kind: true } });
  const categoryOf = categoryAssigner(categories);
  return lines.map((l) => {
    const categoryId = categoryOf(l.digits);
    if (!categoryId) throw new HtsApplyError(`No category covers HTS ${l.code}: add an HS group for chapter ${l.digits.slice(0, 2)} first.`);
    return { ...l, categoryId };
  });
}

export class HtsApplyError extends Error {}

// --- the job ----------------------------------------------------------------------------------------

/** The site of the reststop service, for links to a code's page ("https://hts.usitc.gov"). */
const siteOf = (apiUrl: string) => new URL(apiUrl).origin;

function itemRows(release: HtsReleaseInfo, diff: HtsDiff, measures: { id: string; ch99Headings: string[] }[], apiUrl: string, now: Date): Prisma.TariffReviewItemCreateManyInput[] {
  const site = siteOf(apiUrl);
  const base = { publishedAt: day(release.date), createdAt: now, releaseId: release.id };
  const link = (code: string) => `${site}/search?query=${encodeURIComponent(code)}`;
  const title = (text: string) => `${release.title}: ${text}`.slice(0, 500);
  const rows: Prisma.TariffReviewItemCreateManyInput[] = [
    ...diff.lines.map((c: LineChange) => ({ ...base, documentNumber: `hts:${release.id}:${c.code}`, kind: "hts-line", hts: c.code, title: title(describeLineChange(c)), url: link(c.code), diff: json(c) })),
    ...diff.ch99.map((c: Ch99Change) => ({
      ...base,
      documentNumber: `hts:${release.id}:${c.heading}`,
      kind: "hts-ch99",
      hts: c.heading,
      title: title(describeCh99Change(c)),
      url: link(c.heading),
      diff: json(c),
      measureIds: measures.filter((m) => citesHeading(m.ch99Headings, c.heading)).map((m) => m.id),
    })),
  ];
  if (!isStatisticalEmpty(diff.statistical)) {
    rows.push({ ...base, documentNumber: `hts:${release.id}:statistical`, kind: "hts-statistical", title: title(describeStatistical(diff.statistical)), url: `${site}/`, diff: json(diff.statistical) });
  }
  return rows;
}

/**
 * Reads the current release; when it is new, diffs it against the stored HTS and queues each
 * change for review (open items of older releases are superseded: the new diff covers them).
 * With nothing stored yet (an empty database), stores the release as the baseline.
 */
export async function importHtsRevision(db: PrismaClient, config: HtsImportConfig, now: Date): Promise<HtsImportSummary> {
  const empty = { lines: 0, ch99: 0, statistical: 0 };
  const previous = (await newestStoredRelease(db))?.id ?? null;
  let fetched: Awaited<ReturnType<typeof fetchCurrentRevision>>;
  try {
    fetched = await fetchCurrentRevision(config);
  } catch (error) {
    return { status: "failed", release: null, previous, items: empty, superseded: 0, error: error instanceof Error ? error.message : String(error) };
  }
  const { release, records } = fetched;
  if (await db.htsRelease.findUnique({ where: { id: release.id }, select: { id: true } })) {
    return { status: "unchanged", release: release.id, previous, items: empty, superseded: 0 };
  }
  const next = { lines: linesFromSchedule(scheduleRowsFromExport(records)), ch99: ch99HeadingsFromExport(records) };
  if (next.lines.length === 0) return { status: "failed", release: release.id, previous, items: empty, superseded: 0, error: "USITC's export holds no HTS line of chapters 1-97" };

  const releaseRow = { id: release.id, name: release.name, title: release.title, releaseDate: day(release.date), fetchedAt: now };
  if ((await db.htsLine.count()) === 0) {
    const lines = await withCategories(db, next.lines);
    await db.$transaction(
      async (tx) => {
        await insertHtsLines(tx, lines, release.id);
        await tx.htsCh99Heading.createMany({ data: next.ch99.map((h) => ({ ...h, releaseId: release.id })), skipDuplicates: true });
        await tx.htsRelease.create({ data: { ...releaseRow, status: "stored", storedAt: now } });
      },
      { timeout: 300_000 },
    );
    return { status: "baseline", release: release.id, previous, items: empty, superseded: 0 };
  }

  const diff = diffRevisions(await storedRevision(db), next);
  const measures = await db.tariffMeasure.findMany({ select: { id: true, ch99Headings: true } });
  const rows = itemRows(release, diff, measures, config.apiUrl, now);
  const superseded = await db.$transaction(async (tx) => {
    const old = await tx.tariffReviewItem.updateMany({
      where: { status: "to-review", kind: { startsWith: "hts-" }, releaseId: { not: release.id } },
      data: { status: "superseded", resolvedAt: now, resolvedBy: "hts-import" },
    });
    await tx.htsRelease.updateMany({ where: { status: "reviewing" }, data: { status: "superseded" } });
    if (rows.length) await tx.tariffReviewItem.createMany({ data: rows, skipDuplicates: true });
    await tx.htsRelease.create({ data: { ...releaseRow, status: rows.length ? "reviewing" : "stored", storedAt: rows.length ? null : now } });
    return old.count;
  });
  return {
    status: "imported",
    release: release.id,
    previous,
    items: { lines: diff.lines.length, ch99: diff.ch99.length, statistical: isStatisticalEmpty(diff.statistical) ? 0 : 1 },
    superseded,
  };
}

export function describeHtsImport(s: HtsImportSummary): string {
  if (s.status === "failed") return `HTS import failed${s.release ? ` (${s.release})` : ""}: ${s.error ?? "unknown error"}`;
  if (s.status === "unchanged") return `HTS import: ${s.release} already read, nothing new`;
  if (s.status === "baseline") return `HTS import: ${s.release} stored as the baseline (nothing was stored)`;
  return `HTS import: ${s.release} against ${s.previous ?? "the stored lines"}: ${s.items.lines} rate lines, ${s.items.ch99} Chapter 99 headings${s.items.statistical ? ", statistical changes" : ""} to review${s.superseded ? `; ${s.superseded} older items superseded` : ""}`;
}

// --- approving an item ---------------------------------------------------------------------------------

/** What an approved HTS item touched: the watches on these lines and of these measures are re-evaluated. */
export type HtsApplied = { htsPrefixes: string[]; measureIds: string[]; stored: string };

/**
 * Stores what an approved hts-* review item says, with its release id: an HTS8's new lines
 * (replacing its stored ones), a Chapter 99 heading's new text, or the revision's statistical
 * changes. When the release has no item left to review, it becomes the stored release (the
 * law's as-of). Call inside the approval's transaction.
 */
export async function applyHtsReviewItem(
  tx: Prisma.TransactionClient,
  item: { kind: string; releaseId: string | null; hts: string | null; diff: Prisma.JsonValue | null; measureIds: string[] },
): Promise<HtsApplied> {
  const releaseId = item.releaseId;
  if (!releaseId || item.diff === null) throw new HtsApplyError("This review item carries no HTS change to store.");
  let applied: HtsApplied;
  if (item.kind === "hts-line") {
    const c = storedChange(lineChangeSchema, item);
    await tx.htsLine.deleteMany({ where: { OR: [{ digits: { startsWith: c.hts8 } }, { code: { in: c.previousCodes } }] } });
    if (c.lines.length) await insertHtsLines(tx, await withCategories(tx, c.lines), releaseId);
    applied = { htsPrefixes: [c.hts8], measureIds: [], stored: `${c.code}: ${c.change === "removed" ? "removed" : `${c.lines.length} line${c.lines.length === 1 ? "" : "s"} stored`}` };
  } else if (item.kind === "hts-ch99") {
    const c = storedChange(ch99ChangeSchema, item);
    if (c.after) {
      const data = { description: c.after.description, generalText: c.after.generalText, releaseId };
      await tx.htsCh99Heading.upsert({ where: { heading: c.heading }, create: { heading: c.heading, ...data }, update: data });
    } else {
      await tx.htsCh99Heading.deleteMany({ where: { heading: c.heading } });
    }
    applied = { htsPrefixes: [], measureIds: item.measureIds, stored: `${c.heading}: ${c.after ? "text stored" : "removed"}` };
  } else if (item.kind === "hts-statistical") {
    const s = storedChange(statisticalChangesSchema, item);
    const gone = [...s.removed, ...s.changed.map((c) => c.code), ...s.added.map((l) => l.code)];
    if (gone.length) await tx.htsLine.deleteMany({ where: { code: { in: gone } } });
    const lines = [...s.added, ...s.changed.map((c) => c.after)];
    if (lines.length) await insertHtsLines(tx, await withCategories(tx, lines), releaseId);
    const prefixes = [...new Set([...lines.map((l) => l.digits), ...s.removed.map((code) => code.replace(/\D/g, ""))])];
    applied = { htsPrefixes: prefixes, measureIds: [], stored: `${lines.length} lines stored, ${s.removed.length} removed` };
  } else {
    throw new HtsApplyError(`Not an HTS change: ${item.kind}`);
  }
  return applied;
}

/** A review item's stored change read through its schema (lib/tariffs/hts-diff.ts); a malformed one is refused, with its first problem. */
function storedChange<T>(schema: z.ZodType<T>, item: { kind: string; diff: Prisma.JsonValue | null }): T {
  const parsed = schema.safeParse(item.diff);
  if (!parsed.success) throw new HtsApplyError(`The stored change of this ${item.kind} item is malformed (${problemOf(parsed.error)}); nothing was stored.`);
  return parsed.data;
}

/** Marks the release stored when none of its items is left to review; returns whether it did. */
export async function closeReviewedRelease(tx: Prisma.TransactionClient, releaseId: string, now: Date): Promise<boolean> {
  const open = await tx.tariffReviewItem.count({ where: { releaseId, status: "to-review" } });
  if (open > 0) return false;
  const r = await tx.htsRelease.updateMany({ where: { id: releaseId, status: "reviewing" }, data: { status: "stored", storedAt: now } });
  return r.count > 0;
}
