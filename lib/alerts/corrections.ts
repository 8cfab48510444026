/**
 * Corrections (docs/alerts.md, "Countdowns and corrections"): an alert that announced a
 * scheduled event (legal-event, relief, countdown, correction) stores the event as announced.
 * When the law no longer says so (the event was withdrawn, its day moved, or its rate changed),
 * the subscriber gets ONE correction alert per (watch, event, new state) naming what changed,
 * and the earlier alerts about the event are marked superseded by it (excluded from the
 * unread count, shown as "superseded by" on the alert pages). Safe to run twice or at once:
 * the correction has a dedupe key, and marking is idempotent. `now` is an argument.
 */
import type { PrismaClient } from "@/lib/db/generated/client";
import type { AnnouncedEvent } from "./countdown";
import { dayText } from "./countdown";
import { queryWithoutJit } from "./no-jit";

/** Announced events dated from this many days before today are still checked (a change that just took effect may still be corrected). */
export const CORRECTABLE_PAST_DAYS = 30;

type Differing = {
  alert_id: string;
  sid: string;
  wid: string | null;
  category: string;
  severity: string;
  item: string;
  announced: AnnouncedEvent;
  now_date: string | null;
  now_rate: number | null;
  now_type: string | null;
  now_source: string | null;
  measure_name: string | null;
  source_title: string | null;
  source_citation: string | null;
  source_url: string | null;
  source_publisher: string | null;
  source_published: string | null;
};

const SEVERITY_ORDER = ["info", "relief", "watch", "act", "critical"];
const pct = (rate: number | null) => (rate === null ? "no rate" : `${Number((rate * 100).toFixed(3))}%`);

/** What changed, in words, and the key of the new state. */
export function correctionOf(before: AnnouncedEvent, after: { date: string; rate: number | null } | null, measureName: string): { state: string; what: string; headline: string } {
  if (!after) {
    return {
      state: "withdrawn",
      headline: `withdrawn: ${measureName} on ${dayText(before.date)}`,
      what: `The change announced for ${before.date} (${measureName}${before.rate !== null ? `, ${pct(before.rate)}` : ""}) has been withdrawn: it is no longer in the law, and this watch's projection no longer includes it.`,
    };
  }
  const parts: string[] = [];
  let headline = "";
  if (after.date !== before.date) {
    const later = after.date > before.date;
    parts.push(`${later ? "postponed" : "brought forward"} from ${before.date} to ${after.date}`);
    headline = `${later ? "postponed" : "brought forward"} to ${dayText(after.date)}: ${measureName}`;
  }
  if ((after.rate ?? null) !== (before.rate ?? null)) {
    parts.push(`rate changed from ${pct(before.rate)} to ${pct(after.rate)}`);
    headline ||= `rate changed to ${pct(after.rate)}: ${measureName} on ${dayText(after.date)}`;
  }
  return {
    state: `${after.date}:${after.rate ?? "none"}`,
    headline,
    what: `${measureName}: ${parts.join("; ")}. The earlier alert${parts.length ? "s" : ""} about it are superseded; this watch's projection uses the new terms.`,
  };
}

/** Writes the corrections due at `now` and marks what they supersede; returns how many corrections were written. */
export async function correctAnnouncements(db: PrismaClient, now: Date): Promise<number> {
  // Set-based: every unsuperseded alert's announced events against the law's events, in one query;
  // only the rows that differ come back (a handful), so the rest is done per correction.
  const rows = await queryWithoutJit<Differing>(
    db,
    `SELECT a.id AS alert_id, a."subscriberId"::text AS sid, a."watchId"::text AS wid, a."categoryId" AS category, a.severity,
            COALESCE(NULLIF(w.name, ''), c.name, a.evidence->>'item', split_part(a.title, ':', 1)) AS item,
            e.value AS announced, to_char(me.date, 'YYYY-MM-DD') AS now_date, me.rate::float8 AS now_rate, me.type AS now_type, me."sourceId" AS now_source,
            COALESCE(m.name, e.value->>'measureId') AS measure_name, s.title AS source_title, s.citation AS source_citation, s.url AS source_url,
            s.publisher AS source_publisher, to_char(s."publishedAt", 'YYYY-MM-DD') AS source_published
     FROM subscriber_alerts a
     CROSS JOIN LATERAL jsonb_array_elements(a.announced) e
     LEFT JOIN measure_events me ON me.id = e.value->>'id'
     LEFT JOIN tariff_measures m ON m.id = COALESCE(me."measureId", e.value->>'measureId')
     LEFT JOIN source_documents s ON s.id = me."sourceId"
     LEFT JOIN watches w ON w.id = a."watchId"
     LEFT JOIN consumer_categories c ON c.id = w."categoryId"
     WHERE a.announced IS NOT NULL AND a."supersededById" IS NULL AND jsonb_typeof(a.announced) = 'array'
       AND e.value->>'date' >= to_char(($1::timestamptz AT TIME ZONE 'UTC')::date - $2::int, 'YYYY-MM-DD')
       AND (me.id IS NULL OR to_char(me.date, 'YYYY-MM-DD') <> e.value->>'date'
            OR me.rate::float8 IS DISTINCT FROM (e.value->>'rate')::float8)`,
    now.toISOString(),
    CORRECTABLE_PAST_DAYS,
  );
  if (rows.length === 0) return 0;

  // One correction per (watch, event, new state); it supersedes every alert that announced the event.
  type Group = { key: string; rows: Differing[] };
  const groups = new Map<string, Group>();
  for (const r of rows) {
    const after = r.now_date === null ? null : { date: r.now_date, rate: r.now_rate };
    const { state } = correctionOf(r.announced, after, r.measure_name ?? r.announced.measureId);
    const key = `${r.wid ?? `subscriber-${r.sid}`}:correction:${r.announced.id}:${state}`;
    const g = groups.get(key) ?? { key, rows: [] };
    g.rows.push(r);
    groups.set(key, g);
  }

  let written = 0;
  for (const { key, rows: group } of groups.values()) {
    const first = group[0]!;
    const after = first.now_date === null ? null : { date: first.now_date, rate: first.now_rate };
    const c = correctionOf(first.announced, after, first.measure_name ?? first.announced.measureId);
    const severity = group.map((r) => r.severity).reduce((a, b) => (SEVERITY_ORDER.indexOf(b) > SEVERITY_ORDER.indexOf(a) ? b : a), "info");
    const announced: AnnouncedEvent[] = after
      ? [{ ...first.announced, date: after.date, rate: after.rate, type: first.now_type ?? first.announced.type }]
      : [];
    const sources = first.source_url
      ? [{ id: first.now_source ?? "source", title: first.source_title ?? "", citation: first.source_citation, url: first.source_url, publisher: first.source_publisher ?? "", publishedAt: first.source_published ?? "" }]
      : [];
    const evidence = {
      kind: "correction",
      item: first.item,
      correction: { eventId: first.announced.id, before: first.announced, after: announced[0] ?? null, state: c.state },
      nodes: [],
      sources,
    };
    await db.$transaction(async (tx) => {
      const inserted = await tx.$executeRawUnsafe(
        `INSERT INTO subscriber_alerts ("subscriberId", "watchId", "dedupeKey", kind, severity, "categoryId", title, reason, "eventIds", evidence, announced, "createdAt")
         VALUES ($1::uuid, $2::uuid, $3, 'correction', $4, $5, left($6, 300), $7, ARRAY[$8]::text[], $9::jsonb, $10::jsonb, $11::timestamptz)
         ON CONFLICT ("dedupeKey") DO NOTHING`,
        first.sid,
        first.wid,
        key,
        severity,
        first.category,
        `${first.item}: correction, ${c.headline}`,
        c.what,
        first.announced.id,
        JSON.stringify(evidence),
        JSON.stringify(announced),
        now.toISOString(),
      );
      written += inserted;
      // The earlier alerts: superseded by this correction (whoever wrote it), once.
      await tx.$executeRawUnsafe(
        `UPDATE subscriber_alerts SET "supersededById" = (SELECT id FROM subscriber_alerts WHERE "dedupeKey" = $1), "supersededAt" = $2::timestamptz
         WHERE id = ANY($3::uuid[]) AND "supersededById" IS NULL AND "dedupeKey" <> $1`,
        key,
        now.toISOString(),
        group.map((r) => r.alert_id),
      );
    });
  }
  return written;
}
