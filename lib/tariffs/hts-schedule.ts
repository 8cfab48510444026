/**
 * The HTS schedule as the product stores it (docs/tariffs.md, "Tables" and "HTS revisions"):
 * USITC's JSON export of a revision (a list of {htsno, indent, description, general,
 * footnotes, units, ...}) compacted to one row per printed row of chapters 1-97, and the
 * product's HTS lines (every 8- and 10-digit line) read back from those rows with the
 * headings above each line, the general rate (a statistical line carries its 8-digit line's
 * rate and Chapter 99 footnotes) and the units. Chapter 99 headings are kept apart
 * (`ch99HeadingsFromExport`): they are the legal texts of the additional duties.
 *
 * Pure and free of "@/" imports: the table build script (scripts/tariffs/build-tables.ts)
 * and the revision importer (lib/tariffs/hts-import.ts) share it.
 */
import type { HtsLine } from "./types";

/** One record of USITC's JSON export (https://hts.usitc.gov/reststop/exportList?...&format=JSON). */
export type UsitcRecord = {
  htsno?: string | null;
  indent?: string | number | null;
  description?: string | null;
  superior?: string | null;
  units?: (string | null)[] | null;
  general?: string | null;
  special?: string | null;
  other?: string | null;
  footnotes?: { columns?: string[] | null; value?: string | null; type?: string | null; marker?: string | null }[] | null;
};

/**
 * One printed row of the schedule: [htsno ("" for an unnumbered heading), indent,
 * description, general rate as printed, Chapter 99 headings its footnotes cite, units].
 * Trailing empty fields are left out, so a heading row is [htsno, indent, description].
 */
export type ScheduleRow = [string, number, string, string?, string[]?, string[]?];

/** A Chapter 99 heading as printed: the legal text of an additional duty or exception. */
export type Ch99Heading = {
  /** "9903.88.15" */
  heading: string;
  description: string;
  /** The general column as printed: "The duty provided in the applicable subheading + 7.5%". */
  generalText: string;
};

/** The stored schedule (data/tariffs/hts-schedule.json). */
export type ScheduleFile = {
  /** e.g. "2026_rev_10" */
  release: string;
  columns: ["htsno", "indent", "description", "general", "ch99Refs", "units"];
  rows: ScheduleRow[];
};

export const SCHEDULE_COLUMNS: ScheduleFile["columns"] = ["htsno", "indent", "description", "general", "ch99Refs", "units"];

const CH99_RE = /99\d\d\.\d\d\.\d\d/g;
const clean = (s: string | null | undefined) => (s ?? "").replace(/<[^>]*>/g, "").replace(/\s+/g, " ").trim();
const uniqSorted = (xs: Iterable<string>) => [...new Set(xs)].sort();
export const digitsOf = (code: string) => code.replace(/\D/g, "");

/** The general rate as a fraction when it is plain ad valorem ("8.5%") or "Free"; null otherwise (specific, compound, empty). */
export function parseGeneralRate(text: string): number | null {
  const t = text.trim();
  if (/^free$/i.test(t)) return 0;
  const m = t.match(/^(\d+(?:\.\d+)?)%$/);
  return m ? Number((Number(m[1]) / 100).toFixed(6)) : null;
}

/** Chapter of a record's code ("0101.21.00" -> 1), or null for an unnumbered row. */
function chapterOf(htsno: string): number | null {
  const d = digitsOf(htsno);
  return d.length >= 2 ? Number(d.slice(0, 2)) : null;
}

/**
 * The rows of chapters 1-97 (Chapter 98's special provisions and Chapter 99's additional
 * duties are not product lines), in the export's order. An unnumbered heading row belongs to
 * the chapter of the numbered row before it.
 */
export function scheduleRowsFromExport(records: readonly UsitcRecord[]): ScheduleRow[] {
  const rows: ScheduleRow[] = [];
  let chapter: number | null = null;
  for (const r of records) {
    const htsno = clean(r.htsno);
    chapter = chapterOf(htsno) ?? chapter;
    if (chapter === null || chapter < 1 || chapter > 97) continue;
    const refs = uniqSorted((r.footnotes ?? []).flatMap((f) => clean(f.value).match(CH99_RE) ?? []));
    const units = (r.units ?? []).map(clean).filter(Boolean);
    const row: ScheduleRow = [htsno, Number(r.indent) || 0, clean(r.description), clean(r.general), refs, units];
    while (row.length > 3) {
      const last = row[row.length - 1];
      if (last === "" || (Array.isArray(last) && last.length === 0)) row.pop();
      else break;
    }
    rows.push(row);
  }
  return rows;
}

/** Every Chapter 99 heading (99xx.xx.xx) of an export, in order. */
export function ch99HeadingsFromExport(records: readonly UsitcRecord[]): Ch99Heading[] {
  const out: Ch99Heading[] = [];
  for (const r of records) {
    const heading = clean(r.htsno);
    if (!/^99\d\d\.\d\d\.\d\d$/.test(heading)) continue;
    out.push({ heading, description: clean(r.description), generalText: clean(r.general) });
  }
  return out;
}

/** An HTS line before it is given a category. */
export type ScheduleLine = Omit<HtsLine, "categoryId">;

/**
 * Every 8- and 10-digit line of the rows, with the descriptions above it joined by " > "
 * (the path that lets an "Other" line be read with its parents), the general rate (a
 * statistical line without its own carries the rate of the line above it whose digits it
 * extends) and the Chapter 99 footnotes (a statistical line adds its 8-digit line's).
 */
export function linesFromSchedule(rows: readonly ScheduleRow[]): ScheduleLine[] {
  type Parent = { description: string; general: string; refs: string[]; digits: string };
  const stack: (Parent | undefined)[] = [];
  const out: ScheduleLine[] = [];
  for (const [htsno, indent, description, general = "", refs = [], units = []] of rows) {
    stack.length = indent;
    const digits = digitsOf(htsno);
    if (digits.length === 8 || digits.length === 10) {
      const parents = stack.filter((p): p is Parent => p !== undefined);
      let rate = general;
      let inheritedRefs: string[] = [];
      if (digits.length === 10) {
        const parent8 = [...parents].reverse().find((p) => p.digits.length === 8 && digits.startsWith(p.digits));
        if (parent8) inheritedRefs = parent8.refs;
        if (!rate) rate = [...parents].reverse().find((p) => p.general && digits.startsWith(p.digits))?.general ?? "";
      }
      out.push({
        code: htsno,
        digits,
        description,
        descriptionPath: parents.map((p) => p.description.replace(/:$/, "")).join(" > "),
        generalRateText: rate,
        generalAdValorem: rate ? parseGeneralRate(rate) : null,
        ch99Refs: uniqSorted([...refs, ...inheritedRefs]),
        units,
      });
    }
    stack[indent] = { description, general, refs, digits };
  }
  return out;
}

/**
 * The category of a line's digits: the curated categories' prefixes win (longest first),
 * then the generated HS groups' (longest first: a heading group before its chapter's).
 * Undefined when nothing covers the digits.
 */
export function categoryAssigner(categories: readonly { id: string; htsPrefixes: readonly string[]; kind: string }[]): (digits: string) => string | undefined {
  const curated = new Map<string, string>();
  const generated = new Map<string, string>();
  for (const c of categories) for (const p of c.htsPrefixes) (c.kind === "curated" ? curated : generated).set(p, c.id);
  const longest = (owners: Map<string, string>, digits: string) => {
    for (let n = Math.min(10, digits.length); n >= 2; n--) {
      const id = owners.get(digits.slice(0, n));
      if (id !== undefined) return id;
    }
    return undefined;
  };
  return (digits) => longest(curated, digits) ?? longest(generated, digits);
}

/**
 * What a generated HS group's retail margin is for, in words ("HS chapter 85 as a whole",
 * "HS 8516 as a whole"); null for a curated category, whose PCE line is chosen for the
 * product (docs/tariffs.md, "Every product").
 */
export function marginScope(category: { kind: string; htsPrefixes: readonly string[] }): string | null {
  if (category.kind === "curated") return null;
  const dotted = category.htsPrefixes.map((p) => (p.length <= 4 ? p : `${p.slice(0, 4)}.${p.slice(4)}`));
  return category.kind === "hs_chapter" ? `HS chapter ${dotted.join(", ")} as a whole` : `HS ${dotted.join(", ")} as a whole`;
}
