import { z } from "zod";
import type { Prisma, PrismaClient } from "@/lib/db/generated/client";
import { evidenceKeyOf } from "@/lib/alerts/stored-evidence";
import type { Law } from "@/lib/tariffs/law";
import { projectionDocument, shapeKey, storedProjectionOf, type ProjectionDocument, type StoredProjection } from "@/lib/tariffs/projection-document";
import { loadProjectionTables } from "@/lib/tariffs/projection-tables";
import { addDays, projectWatch, type WatchShape } from "@/lib/tariffs/watch-projection";

/**
 * The stored projection of each watch (docs/alerts.md, "The stored projection"): the alert
 * engine writes it for every watch it evaluates (set-based, lib/alerts/evaluate.ts), adding or
 * changing a watch writes it (lib/watchlist/service.ts), and every reader (the watchlist, the
 * watch page, /api/watchlist, /api/v1/watchlist, the digest) takes it from the watch's row. It
 * is exactly `projectWatch`'s output: `storedProjectionOf` and `projectionDocument` of it, two
 * documents in alert_evidence (keyed by their sha256, shared by every watch of the same combo)
 * that the row points to by `figuresKey` and `projectionKey`.
 *
 * Never stale: a stored projection holds for the day it was computed (`projectedOn`: the ramp
 * and the window move with the day) and the law it was computed under (`projectionStamp`, the
 * law's change stamp, which every change to the law tables moves). A reader that finds either
 * differing, or none stored, computes it again (`currentProjections`) and writes it back.
 */
export type ProjectedWatch = WatchShape & { id: string };

/** The stored columns as read (`projection`: the figures document its key points to; `projectedOn` as an ISO day). */
export type StoredColumns = {
  projection: Prisma.JsonValue | null;
  projectionKey: string | null;
  projectedOn: string | null;
  projectionStamp: string | null;
};

export type CurrentProjection = { stored: StoredProjection; key: string | null; document: ProjectionDocument | null };

/** What computing and storing projections reads and writes: the client or a transaction. */
export type ProjectionDb = Pick<
  PrismaClient,
  "$queryRaw" | "$queryRawUnsafe" | "$executeRawUnsafe" | "tariffMeasure" | "measureEvent" | "sourceDocument" | "consumerCategory" | "originShare" | "htsLine" | "htsRelease"
>;
type Db = ProjectionDb;

const isoDay = (d: Date) => d.toISOString().slice(0, 10);

const band = z.object({ low: z.number(), central: z.number(), high: z.number() }).nullable();
const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
/** The stored JSON's schema (version 1): what the row holds is parsed, not trusted. */
const storedSchema = z.object({
  v: z.literal(1),
  asOf: day,
  shape: z.string(),
  status: z.enum(["upcoming", "ramping", "none", "unknown"]),
  band,
  byHorizon: band,
  by: day.nullable(),
  horizonEnd: day,
  firstChange: day.nullable(),
  changeCount: z.number().int(),
  unconfirmed: z.boolean(),
  reason: z.string().nullable(),
}) satisfies z.ZodType<StoredProjection>;

/** The stored JSON as a projection (version 1), or null. */
export function storedOf(value: Prisma.JsonValue | null | undefined): StoredProjection | null {
  const parsed = storedSchema.safeParse(value);
  return parsed.success ? parsed.data : null;
}

/** The stored projection when it holds for its day, its law stamp and the watch as it is; else null (stale). */
export function freshStored(row: StoredColumns & WatchShape, today: string, lawStamp: string | null): StoredProjection | null {
  if (lawStamp === null || row.projectedOn !== today || row.projectionStamp !== lawStamp) return null;
  const stored = storedOf(row.projection);
  return stored !== null && stored.shape === shapeKey(row) ? stored : null;
}

/** The projection of a watch whose line or category is not in the tables. */
function missingTables(today: string, watch: ProjectedWatch): StoredProjection {
  return {
    v: 1,
    asOf: today,
    shape: shapeKey(watch),
    status: "unknown",
    band: null,
    byHorizon: null,
    by: null,
    horizonEnd: addDays(today, watch.horizonDays),
    firstChange: null,
    changeCount: 0,
    unconfirmed: false,
    reason: "Its tariff line or category is not in our tables.",
  };
}

/**
 * Computes the watches' projections for `now`'s day and writes them back (only where the
 * watch's line, origin, horizon and category are still those projected: an edit in between
 * wins). The documents (figures and working) go into alert_evidence once each.
 */
export async function refreshProjections(db: Db, watches: readonly ProjectedWatch[], now: Date, preloaded: { law?: Law } = {}): Promise<Map<string, CurrentProjection>> {
  const out = new Map<string, CurrentProjection>();
  if (!watches.length) return out;
  const today = isoDay(now);
  const tables = await loadProjectionTables(db, watches, preloaded);
  const docs = new Map<string, string>();
  const rows: { id: string; category: string; hts: string | null; made_in: string | null; horizon: number; figures_key: string; key: string | null; central: number | null }[] = [];
  // Each document once, by the sha256 of its JSON: the figures and the working.
  const docKey = (json: string) => {
    const key = evidenceKeyOf(json);
    docs.set(key, json);
    return key;
  };
  for (const watch of watches) {
    const t = tables.tablesFor(watch);
    let current: CurrentProjection;
    if (!t) {
      current = { stored: missingTables(today, watch), key: null, document: null };
    } else {
      const wp = projectWatch(t, watch, today);
      const document = projectionDocument(wp, tables.law);
      current = { stored: storedProjectionOf(wp, watch), key: docKey(JSON.stringify(document)), document };
    }
    out.set(watch.id, current);
    rows.push({
      id: watch.id,
      category: watch.categoryId,
      hts: watch.htsCode,
      made_in: watch.madeIn,
      horizon: watch.horizonDays,
      figures_key: docKey(JSON.stringify(current.stored)),
      key: current.key,
      central: current.stored.band?.central ?? null,
    });
  }
  await db.$executeRawUnsafe(
    `WITH docs AS (
       INSERT INTO alert_evidence (key, evidence, "createdAt")
       SELECT x.key, x.evidence, $3::timestamptz FROM jsonb_to_recordset($2::jsonb) AS x(key text, evidence jsonb)
       ON CONFLICT (key) DO NOTHING
       RETURNING 1
     ),
     x AS (SELECT * FROM jsonb_to_recordset($1::jsonb) AS x(id uuid, category text, hts text, made_in text, horizon int, figures_key text, key text, central float8))
     UPDATE watches w SET "figuresKey" = x.figures_key, "projectionKey" = x.key, "projectedOn" = $4::date, "projectionStamp" = $5,
       "lastCentralPct" = round(x.central::numeric, 3)
     FROM x
     WHERE w.id = x.id AND w."categoryId" = x.category AND w."htsCode" IS NOT DISTINCT FROM x.hts
       AND w."madeIn" IS NOT DISTINCT FROM x.made_in AND w."horizonDays" = x.horizon`,
    JSON.stringify(rows),
    `[${[...docs].map(([key, json]) => `{"key":${JSON.stringify(key)},"evidence":${json}}`).join(",")}]`,
    now.toISOString(),
    today,
    tables.law.stamp,
  );
  return out;
}

/**
 * The current projection of each watch: the stored one where it holds for `now`'s day and the
 * law (`lawStamp`, read with the rows), else computed again and written back.
 */
export async function currentProjections(
  db: Db,
  watches: readonly (ProjectedWatch & StoredColumns)[],
  now: Date,
  lawStamp: string | null,
  preloaded: { law?: Law } = {},
): Promise<Map<string, CurrentProjection>> {
  const today = isoDay(now);
  const out = new Map<string, CurrentProjection>();
  const stale: ProjectedWatch[] = [];
  for (const w of watches) {
    const stored = freshStored(w, today, lawStamp);
    if (stored) out.set(w.id, { stored, key: w.projectionKey, document: null });
    else stale.push(w);
  }
  for (const [id, current] of await refreshProjections(db, stale, now, preloaded)) out.set(id, current);
  return out;
}
