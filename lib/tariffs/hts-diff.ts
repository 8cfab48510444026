/**
 * What changed between the stored HTS and a new revision (docs/tariffs.md, "HTS revisions"):
 * pure, no database. Lines are compared by their 8-digit tariff line (HTS8, where the legal
 * rate lives; the 10-digit statistical suffixes under it carry its rate), Chapter 99 headings
 * by their number.
 *
 * - A **rate line** change: an HTS8 whose general rate or Chapter 99 references changed, or
 *   that was added or removed. One review item each; approving it stores the HTS8's new lines.
 * - A **Chapter 99** change: a heading added, removed, or whose text or general column changed.
 *   One review item each; approving it stores the new text.
 * - **Statistical** changes: under an HTS8 whose rate did not change, suffixes added or removed,
 *   descriptions, paths or units changed. One review item for the revision.
 */
import { z } from "zod";
import { parseGeneralRate, type Ch99Heading, type ScheduleLine } from "./hts-schedule";

/** An HTS8 tariff line's rate as printed, with its Chapter 99 references. */
export type RateSide = { code: string; description: string; descriptionPath: string; generalRateText: string; generalAdValorem: number | null; ch99Refs: string[] };

export type LineChange = {
  /** HTS8 digits, e.g. "64039960". */
  hts8: string;
  /** Dotted HTS8, e.g. "6403.99.60". */
  code: string;
  change: "added" | "removed" | "changed";
  /** For "changed": which of the rate line's fields moved. */
  fields: ("general" | "ch99Refs")[];
  before: RateSide | null;
  after: RateSide | null;
  /** Every 8- and 10-digit line of the HTS8 in the new revision (empty when removed): what approving stores. */
  lines: ScheduleLine[];
  /** Codes of the HTS8's lines in the stored revision. */
  previousCodes: string[];
};

export type Ch99Change = {
  heading: string;
  change: "added" | "removed" | "changed";
  fields: ("description" | "generalText")[];
  before: Ch99Heading | null;
  after: Ch99Heading | null;
  /** The "+ N%" of the general column, before and after (null: none printed, or not ad valorem). */
  additionalBefore: number | null;
  additionalAfter: number | null;
};

export type StatisticalChanges = {
  added: ScheduleLine[];
  removed: string[];
  changed: { code: string; fields: ("description" | "descriptionPath" | "units")[]; before: Pick<ScheduleLine, "description" | "descriptionPath" | "units">; after: ScheduleLine }[];
};

export type HtsDiff = { lines: LineChange[]; ch99: Ch99Change[]; statistical: StatisticalChanges };

// The changes as stored in a review item's `diff` (JSON), read back through these schemas:
// a stored change that does not match is refused with its first problem, never half-applied.
const change = z.enum(["added", "removed", "changed"]);
const scheduleLineSchema = z.object({
  code: z.string(),
  digits: z.string(),
  description: z.string(),
  descriptionPath: z.string(),
  generalRateText: z.string(),
  generalAdValorem: z.number().nullable(),
  ch99Refs: z.array(z.string()),
  units: z.array(z.string()),
}) satisfies z.ZodType<ScheduleLine>;
const rateSideSchema = scheduleLineSchema.omit({ digits: true, units: true }) satisfies z.ZodType<RateSide>;
const ch99HeadingSchema = z.object({ heading: z.string(), description: z.string(), generalText: z.string() }) satisfies z.ZodType<Ch99Heading>;

export const lineChangeSchema = z.object({
  hts8: z.string().regex(/^\d{8}$/),
  code: z.string(),
  change,
  fields: z.array(z.enum(["general", "ch99Refs"])),
  before: rateSideSchema.nullable(),
  after: rateSideSchema.nullable(),
  lines: z.array(scheduleLineSchema),
  previousCodes: z.array(z.string()),
}) satisfies z.ZodType<LineChange>;

export const ch99ChangeSchema = z.object({
  heading: z.string(),
  change,
  fields: z.array(z.enum(["description", "generalText"])),
  before: ch99HeadingSchema.nullable(),
  after: ch99HeadingSchema.nullable(),
  additionalBefore: z.number().nullable(),
  additionalAfter: z.number().nullable(),
}) satisfies z.ZodType<Ch99Change>;

export const statisticalChangesSchema = z.object({
  added: z.array(scheduleLineSchema),
  removed: z.array(z.string()),
  changed: z.array(
    z.object({
      code: z.string(),
      fields: z.array(z.enum(["description", "descriptionPath", "units"])),
      before: scheduleLineSchema.pick({ description: true, descriptionPath: true, units: true }),
      after: scheduleLineSchema,
    }),
  ),
}) satisfies z.ZodType<StatisticalChanges>;

/** The first problem of a stored change that does not match its schema, e.g. "lines.0.digits: Invalid input: expected string, received undefined". */
export function problemOf(error: z.ZodError): string {
  const issue = error.issues[0];
  return issue ? `${issue.path.join(".") || "(the change)"}: ${issue.message}` : "unreadable";
}

const dotted8 = (d: string) => `${d.slice(0, 4)}.${d.slice(4, 6)}.${d.slice(6, 8)}`;
const sameList = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((x, i) => x === b[i]);

/** The rate line of an HTS8's lines: its 8-digit line if printed, else its first statistical line. */
function rateSide(hts8: string, lines: readonly ScheduleLine[]): RateSide {
  const head = lines.find((l) => l.digits === hts8) ?? lines[0]!;
  const rates = [...new Set(lines.map((l) => l.generalRateText))].sort();
  const generalRateText = rates.length === 1 ? rates[0]! : rates.join(" | ");
  return {
    code: dotted8(hts8),
    description: head.description,
    descriptionPath: head.descriptionPath,
    generalRateText,
    generalAdValorem: rates.length === 1 ? parseGeneralRate(generalRateText) : null,
    ch99Refs: [...new Set(lines.flatMap((l) => l.ch99Refs))].sort(),
  };
}

function byHts8(lines: readonly ScheduleLine[]): Map<string, ScheduleLine[]> {
  const out = new Map<string, ScheduleLine[]>();
  for (const l of lines) {
    const key = l.digits.slice(0, 8);
    const list = out.get(key) ?? [];
    list.push(l);
    out.set(key, list);
  }
  for (const list of out.values()) list.sort((a, b) => (a.digits < b.digits ? -1 : a.digits > b.digits ? 1 : 0));
  return out;
}

/** The additional ad valorem rate a Chapter 99 general column prints ("The duty provided in the applicable subheading + 7.5%" -> 0.075). */
export function additionalRateOf(generalText: string): number | null {
  const m = /\+\s*(\d+(?:\.\d+)?)\s*%/.exec(generalText);
  return m ? Number((Number(m[1]) / 100).toFixed(6)) : null;
}

export function diffRevisions(stored: { lines: readonly ScheduleLine[]; ch99: readonly Ch99Heading[] }, next: { lines: readonly ScheduleLine[]; ch99: readonly Ch99Heading[] }): HtsDiff {
  const before = byHts8(stored.lines);
  const after = byHts8(next.lines);
  const lines: LineChange[] = [];
  const statistical: StatisticalChanges = { added: [], removed: [], changed: [] };

  for (const hts8 of [...new Set([...before.keys(), ...after.keys()])].sort()) {
    const old = before.get(hts8);
    const now = after.get(hts8);
    if (!old || !now) {
      lines.push({
        hts8,
        code: dotted8(hts8),
        change: old ? "removed" : "added",
        fields: [],
        before: old ? rateSide(hts8, old) : null,
        after: now ? rateSide(hts8, now) : null,
        lines: now ?? [],
        previousCodes: (old ?? []).map((l) => l.code),
      });
      continue;
    }
    const a = rateSide(hts8, old);
    const b = rateSide(hts8, now);
    const fields: LineChange["fields"] = [];
    if (a.generalRateText !== b.generalRateText) fields.push("general");
    if (!sameList(a.ch99Refs, b.ch99Refs)) fields.push("ch99Refs");
    if (fields.length) {
      lines.push({ hts8, code: a.code, change: "changed", fields, before: a, after: b, lines: now, previousCodes: old.map((l) => l.code) });
      continue;
    }
    const oldByCode = new Map(old.map((l) => [l.code, l]));
    const newCodes = new Set(now.map((l) => l.code));
    for (const l of now) {
      const was = oldByCode.get(l.code);
      if (!was) {
        statistical.added.push(l);
        continue;
      }
      const changed: StatisticalChanges["changed"][number]["fields"] = [];
      if (was.description !== l.description) changed.push("description");
      if (was.descriptionPath !== l.descriptionPath) changed.push("descriptionPath");
      if (!sameList(was.units, l.units)) changed.push("units");
      if (changed.length) statistical.changed.push({ code: l.code, fields: changed, before: { description: was.description, descriptionPath: was.descriptionPath, units: was.units }, after: l });
    }
    for (const l of old) if (!newCodes.has(l.code)) statistical.removed.push(l.code);
  }

  const ch99: Ch99Change[] = [];
  const oldHeadings = new Map(stored.ch99.map((h) => [h.heading, h]));
  const newHeadings = new Map(next.ch99.map((h) => [h.heading, h]));
  for (const heading of [...new Set([...oldHeadings.keys(), ...newHeadings.keys()])].sort()) {
    const a = oldHeadings.get(heading) ?? null;
    const b = newHeadings.get(heading) ?? null;
    const fields: Ch99Change["fields"] = [];
    if (a && b) {
      if (a.description !== b.description) fields.push("description");
      if (a.generalText !== b.generalText) fields.push("generalText");
      if (!fields.length) continue;
    }
    ch99.push({
      heading,
      change: !a ? "added" : !b ? "removed" : "changed",
      fields,
      before: a,
      after: b,
      additionalBefore: a ? additionalRateOf(a.generalText) : null,
      additionalAfter: b ? additionalRateOf(b.generalText) : null,
    });
  }
  return { lines, ch99, statistical };
}

/** Whether a measure's Chapter 99 headings ("9903.88.15", or a range "9903.05.20-9903.05.84") name this heading. */
export function citesHeading(ch99Headings: readonly string[], heading: string): boolean {
  return ch99Headings.some((h) => {
    const [from, to] = h.split("-");
    return to ? heading >= from! && heading <= to : h === heading;
  });
}

/** One line of text for a rate line change, e.g. "6403.99.60: general rate 8.5% → 10%". */
export function describeLineChange(c: LineChange): string {
  if (c.change === "added") return `${c.code} added (${c.after?.generalRateText || "no rate printed"}): ${c.after?.description ?? ""}`;
  if (c.change === "removed") return `${c.code} removed (was ${c.before?.generalRateText || "no rate printed"}): ${c.before?.description ?? ""}`;
  const parts: string[] = [];
  if (c.fields.includes("general")) parts.push(`general rate ${c.before?.generalRateText || "none"} → ${c.after?.generalRateText || "none"}`);
  if (c.fields.includes("ch99Refs")) parts.push(`Chapter 99 references ${c.before?.ch99Refs.join(", ") || "none"} → ${c.after?.ch99Refs.join(", ") || "none"}`);
  return `${c.code}: ${parts.join("; ")}`;
}

const pct = (x: number | null) => (x === null ? "no + N%" : `+ ${Number((x * 100).toFixed(4))}%`);

/** One line of text for a Chapter 99 change, e.g. "9903.88.15: + 7.5% → + 15%". */
export function describeCh99Change(c: Ch99Change): string {
  if (c.change === "added") return `${c.heading} added (${pct(c.additionalAfter)})`;
  if (c.change === "removed") return `${c.heading} removed (was ${pct(c.additionalBefore)})`;
  const parts: string[] = [];
  if (c.fields.includes("generalText")) parts.push(c.additionalBefore !== c.additionalAfter ? `${pct(c.additionalBefore)} → ${pct(c.additionalAfter)}` : "general column reworded");
  if (c.fields.includes("description")) parts.push("text changed");
  return `${c.heading}: ${parts.join("; ")}`;
}

/** One line of text for the statistical changes. */
export function describeStatistical(s: StatisticalChanges): string {
  const parts = [
    s.added.length ? `${s.added.length} line${s.added.length === 1 ? "" : "s"} added` : "",
    s.removed.length ? `${s.removed.length} removed` : "",
    s.changed.length ? `${s.changed.length} with a new description, path or units` : "",
  ].filter(Boolean);
  return `statistical changes, rates unchanged: ${parts.join(", ")}`;
}

export const isStatisticalEmpty = (s: StatisticalChanges) => s.added.length + s.removed.length + s.changed.length === 0;

/** One row of a review item's diff as /admin/tariffs shows it. */
export type DiffRow = { field: string; before: string; after: string };

/** At most this many rows of statistical changes are shown (the item says how many there are). */
export const MAX_DIFF_ROWS = 60;

/** The before/after rows of an hts-* review item's stored diff (lib/tariffs/hts-import.ts); empty for other items. */
export function diffRows(kind: string, diff: unknown): DiffRow[] {
  if (!diff || typeof diff !== "object") return [];
  const none = "—";
  const malformed = (error: z.ZodError): DiffRow[] => [{ field: "Stored change", before: none, after: `malformed: ${problemOf(error)}` }];
  if (kind === "hts-line") {
    const parsed = lineChangeSchema.safeParse(diff);
    if (!parsed.success) return malformed(parsed.error);
    const c = parsed.data;
    return [
      { field: "General rate", before: c.before?.generalRateText || none, after: c.after?.generalRateText || none },
      { field: "Chapter 99 references", before: c.before?.ch99Refs.join(", ") || none, after: c.after?.ch99Refs.join(", ") || none },
      { field: "Description", before: c.before ? `${c.before.descriptionPath} > ${c.before.description}` : none, after: c.after ? `${c.after.descriptionPath} > ${c.after.description}` : none },
      { field: "Lines (8- and 10-digit)", before: c.previousCodes.join(", ") || none, after: c.lines.map((l) => l.code).join(", ") || none },
    ];
  }
  if (kind === "hts-ch99") {
    const parsed = ch99ChangeSchema.safeParse(diff);
    if (!parsed.success) return malformed(parsed.error);
    const c = parsed.data;
    return [
      { field: "Additional rate", before: c.before ? pct(c.additionalBefore) : none, after: c.after ? pct(c.additionalAfter) : none },
      { field: "General column", before: c.before?.generalText || none, after: c.after?.generalText || none },
      { field: "Text", before: c.before?.description || none, after: c.after?.description || none },
    ];
  }
  if (kind === "hts-statistical") {
    const parsed = statisticalChangesSchema.safeParse(diff);
    if (!parsed.success) return malformed(parsed.error);
    const s = parsed.data;
    const rows: DiffRow[] = [
      ...s.added.map((l) => ({ field: l.code, before: none, after: `added: ${l.description}${l.units.length ? ` (${l.units.join(", ")})` : ""}` })),
      ...s.removed.map((code) => ({ field: code, before: "stored", after: "removed" })),
      ...s.changed.map((c) => ({
        field: c.code,
        before: c.fields.map((f) => (f === "units" ? c.before.units.join(", ") : c.before[f])).join(" · "),
        after: c.fields.map((f) => (f === "units" ? c.after.units.join(", ") : c.after[f])).join(" · "),
      })),
    ];
    return rows.length > MAX_DIFF_ROWS ? [...rows.slice(0, MAX_DIFF_ROWS), { field: `… and ${rows.length - MAX_DIFF_ROWS} more`, before: "", after: "" }] : rows;
  }
  return [];
}
