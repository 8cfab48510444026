import { CsvError, parse } from "csv-parse/sync";
import type { PrismaClient } from "@/lib/db/generated/client";
import type { Access } from "@/lib/entitlements";
import { checkStrings, fieldErrors } from "@/lib/http/json";
import { COUNTRY_NAMES } from "./countries";
import { addWatchSchema, type AddWatchBody } from "./schema";
import { addWatch, WatchlistError } from "./service";

/**
 * The CSV import of watches (docs/api.md "CSV import"): one watch per row, each row checked
 * by the same schema, plan limits and duplicate rule as the add form (addWatch), and a
 * report row for every data row: added, unchanged (already on the watchlist, or the same as
 * an earlier row of the file) or refused with the reason per field. Nothing is dropped
 * without a line in the report. Importing the same file twice adds nothing the second
 * time. The file is read by csv-parse (quotes, CRLF, a byte-order mark); a file that is
 * not CSV, has no known column, or is over the caps is refused whole, before anything is
 * added.
 */
export const IMPORT_MAX_BYTES = 256 * 1024;
export const IMPORT_MAX_ROWS = 500;

/** The columns the import reads: the export's names (lib/api/v1.ts WATCH_CSV_COLUMNS) and a few plain ones. */
const COLUMN_ALIASES: Readonly<Record<string, keyof RowFields>> = {
  kind: "kind",
  category_id: "category",
  category: "category",
  category_name: "category",
  hts_code: "htsCode",
  hts: "htsCode",
  hts_line: "htsCode",
  name: "name",
  item: "name",
  item_name: "name",
  price: "price",
  price_usd: "price",
  price_dollars: "price",
  price_cents: "priceCents",
  made_in: "madeIn",
  origin: "madeIn",
  country: "madeIn",
  per_year: "perYear",
  bought_per_year: "perYear",
  threshold_pct: "threshold",
  threshold: "threshold",
  alert_threshold: "threshold",
  horizon_days: "horizonDays",
  horizon: "horizonDays",
};

/** The report's field names for the columns (the API's names). */
export const IMPORT_COLUMNS = ["kind", "category_id", "hts_code", "name", "price", "made_in", "per_year", "threshold_pct", "horizon_days"] as const;

type RowFields = {
  kind?: string;
  category?: string;
  htsCode?: string;
  name?: string;
  price?: string;
  priceCents?: string;
  madeIn?: string;
  perYear?: string;
  threshold?: string;
  horizonDays?: string;
};

export type ImportRow =
  | { row: number; status: "added"; label: string; watchId: string }
  | { row: number; status: "unchanged"; label: string; reason: string }
  | { row: number; status: "refused"; label: string; reason: string; errors: Record<string, string> };

export type ImportReport = {
  rows: ImportRow[];
  added: number;
  unchanged: number;
  refused: number;
  /** Header cells the import does not read (the export's id, dates and figures), said so they are not a surprise. */
  ignoredColumns: string[];
};

/** A file refused whole (400 not CSV or no known column or too many rows; 413 too large). */
export class ImportFileError extends Error {
  constructor(
    readonly status: 400 | 413,
    message: string,
  ) {
    super(message);
    this.name = "ImportFileError";
  }
}

const normalise = (header: string) =>
  header
    .trim()
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "_")
    .replace(/^_|_$/g, "");

/** Our export writes a text cell that starts with = + - @ with a leading apostrophe (lib/api/csv.ts): read it back as written. */
const unguard = (cell: string) => (/^'[=+\-@\t\r]/.test(cell) ? cell.slice(1) : cell);

/** The delimiter of the header line: a comma, else the semicolon or tab some spreadsheets write. */
function delimiterOf(text: string): string {
  const header = text.split(/\r?\n/, 1)[0] ?? "";
  if (header.includes(",")) return ",";
  if (header.includes(";")) return ";";
  if (header.includes("\t")) return "\t";
  return ",";
}

/** Parses the file into a header and data rows (row numbers as a spreadsheet shows them: the header is row 1). */
export function readImportFile(text: string): { headers: string[]; rows: { row: number; cells: string[] }[] } {
  if (Buffer.byteLength(text, "utf8") > IMPORT_MAX_BYTES) {
    throw new ImportFileError(413, `The file is too large: at most ${IMPORT_MAX_BYTES / 1024} kB. Split it into smaller files.`);
  }
  let records: string[][];
  try {
    records = parse(text, { bom: true, delimiter: delimiterOf(text), relax_column_count: true, skip_empty_lines: false, trim: true }) as string[][];
  } catch (error) {
    const reason = error instanceof CsvError ? error.message : "it could not be read";
    throw new ImportFileError(400, `The file is not valid CSV: ${reason}`);
  }
  const [headers, ...data] = records;
  if (!headers || headers.every((h) => !h)) throw new ImportFileError(400, "The file is empty: the first row must name the columns.");
  const rows = data.map((cells, i) => ({ row: i + 2, cells })).filter((r) => r.cells.some((c) => c !== ""));
  if (rows.length > IMPORT_MAX_ROWS) {
    throw new ImportFileError(400, `The file has ${rows.length} rows: at most ${IMPORT_MAX_ROWS} a file. Split it into smaller files.`);
  }
  return { headers, rows };
}

/** A number cell as the schema's number, or the text itself so the schema says what is wrong with it. */
function numberOf(cell: string | undefined, strip: RegExp): number | string | undefined {
  if (cell === undefined) return undefined;
  const plain = cell.replace(strip, "");
  return /^-?\d+(\.\d+)?$/.test(plain) ? Number(plain) : cell;
}

const COUNTRY_BY_NAME = new Map(Object.entries(COUNTRY_NAMES).map(([code, name]) => [name.toLowerCase(), code]));

/** The add-form body of one row: categories by id or name, countries by code or name, prices in dollars or cents. */
function bodyOf(fields: RowFields, categories: ReadonlyMap<string, string>): AddWatchBody {
  const priceCents = numberOf(fields.priceCents, /[\s,]/g);
  const category = fields.category === undefined ? undefined : (categories.get(fields.category.toLowerCase()) ?? fields.category);
  const madeIn = fields.madeIn === undefined ? undefined : (COUNTRY_BY_NAME.get(fields.madeIn.toLowerCase()) ?? fields.madeIn);
  const body: Record<string, unknown> = {
    kind: fields.kind?.toLowerCase(),
    categoryId: category,
    htsCode: fields.htsCode,
    name: fields.name,
    price: fields.price !== undefined ? numberOf(fields.price, /[\s$,]/g) : typeof priceCents === "number" ? priceCents / 100 : priceCents,
    madeIn,
    perYear: numberOf(fields.perYear, /[\s,]/g),
    threshold: numberOf(fields.threshold, /[\s%]/g),
    horizonDays: numberOf(fields.horizonDays, /[\s,]|days?$/gi),
  };
  for (const key of Object.keys(body)) if (body[key] === undefined) delete body[key];
  return body as AddWatchBody;
}

/** The schema's field names as the file's columns, so a message names the column to fix. */
const COLUMN_OF_FIELD: Readonly<Record<string, string>> = {
  categoryId: "category_id",
  htsCode: "hts_code",
  madeIn: "made_in",
  perYear: "per_year",
  threshold: "threshold_pct",
  horizonDays: "horizon_days",
};

function inColumns(errors: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(errors).map(([k, v]) => [COLUMN_OF_FIELD[k] ?? k, v]));
}

/** What a reader calls the row in the report: its name, else its category, else its row number. */
function labelOf(fields: RowFields, row: number): string {
  return fields.name || fields.category || fields.htsCode || `Row ${row}`;
}

/**
 * Imports a CSV file into the subscriber's watchlist. Runs in one transaction that holds a
 * per-subscriber lock, so two imports at once (a double click, a retry) see each other's
 * rows and never add the same watch twice.
 */
export async function importWatches(db: PrismaClient, subscriberId: string, access: Access, text: string): Promise<ImportReport> {
  const { headers, rows } = readImportFile(text);
  const columns = headers.map((h) => COLUMN_ALIASES[normalise(h)] ?? null);
  // The export has both category_id and category_name: the id wins, the name is then not read.
  if (columns.includes("category")) {
    const ids = headers.findIndex((h) => normalise(h) === "category_id");
    if (ids >= 0) headers.forEach((h, i) => i !== ids && columns[i] === "category" && (columns[i] = null));
  }
  const known = columns.filter(Boolean);
  if (!known.includes("category") && !known.includes("htsCode") && !known.includes("name")) {
    throw new ImportFileError(400, `The first row must name the columns: at least category_id, hts_code or name (the columns read are ${IMPORT_COLUMNS.join(", ")}).`);
  }
  const ignoredColumns = headers.filter((h, i) => h && columns[i] === null);

  const categoryRows = await db.consumerCategory.findMany({ select: { id: true, name: true } });
  const categories = new Map<string, string>();
  for (const c of categoryRows) categories.set(c.name.toLowerCase(), c.id).set(c.id.toLowerCase(), c.id);

  const report: ImportRow[] = await db.$transaction(
    async (tx) => {
      await tx.$queryRaw`SELECT 1 FROM pg_advisory_xact_lock(hashtext(${`watch-import:${subscriberId}`}))`;
      const out: ImportRow[] = [];
      /** Rows of this file already added, by the watch they made: a later identical row names the first. */
      const addedAt = new Map<string, number>();
      for (const { row, cells } of rows) {
        const fields: RowFields = {};
        const extra = cells.length > headers.length ? cells.slice(headers.length).filter(Boolean).length : 0;
        cells.forEach((cell, i) => {
          const field = columns[i];
          const value = unguard(cell);
          if (field && value !== "" && fields[field] === undefined) fields[field] = value;
        });
        const label = labelOf(fields, row);
        if (extra > 0) {
          const reason = `This row has ${cells.length} cells but the first row names ${headers.length} columns: check for an unquoted comma.`;
          out.push({ row, status: "refused", label, reason, errors: { row: reason } });
          continue;
        }
        const body = bodyOf(fields, categories);
        const bad: Record<string, string> = {};
        checkStrings(body, "", bad);
        const parsed = addWatchSchema.safeParse(body);
        if (Object.keys(bad).length || !parsed.success) {
          const errors = inColumns(Object.keys(bad).length ? bad : parsed.success ? {} : fieldErrors(parsed.error));
          out.push({ row, status: "refused", label, reason: Object.values(errors).join(" "), errors });
          continue;
        }
        try {
          const { id } = await addWatch(tx, subscriberId, access, parsed.data);
          addedAt.set(id, row);
          out.push({ row, status: "added", label, watchId: id });
        } catch (error) {
          if (!(error instanceof WatchlistError)) throw error;
          if (error.status === 409) {
            const twin = error.existingId ? addedAt.get(error.existingId) : undefined;
            out.push({ row, status: "unchanged", label, reason: twin ? `The same as row ${twin} of this file.` : `Already on your watchlist: ${error.message}` });
          } else {
            out.push({ row, status: "refused", label, reason: error.message, errors: inColumns(error.errors ?? { row: error.message }) });
          }
        }
      }
      return out;
    },
    { timeout: 120_000, maxWait: 30_000 },
  );
  const count = (status: ImportRow["status"]) => report.filter((r) => r.status === status).length;
  return { rows: report, added: count("added"), unchanged: count("unchanged"), refused: count("refused"), ignoredColumns };
}
