import type { PrismaClient } from "@/lib/db/generated/client";
import { evidenceOf } from "./stored-evidence";

/**
 * A subscriber's alerts for /alerts/mine and GET /api/alerts: newest first, filtered by
 * severity and category (query parameters, so the filters work without JavaScript). The list
 * reads the alert rows alone: their shared evidence documents (tens of kB each) are read by an
 * alert's own page.
 */
export const SEVERITIES = ["critical", "act", "watch", "relief", "info"] as const;
export type SeverityFilter = (typeof SEVERITIES)[number];

export type AlertFilters = { severity?: string | null; category?: string | null; limit?: number };

export type AlertListItem = {
  id: string;
  kind: string;
  severity: string;
  title: string;
  reason: string;
  categoryId: string;
  categoryName: string;
  centralPct: number | null;
  lowPct: number | null;
  highPct: number | null;
  centralCents: number | null;
  createdAt: string;
  readAt: string | null;
  /** Stored but not sent: "snoozed" or "daily-cap". */
  suppressed: string | null;
  unconfirmed: boolean;
  /** The correction alert that supersedes this one (docs/alerts.md, "Countdowns and corrections"), or null. */
  supersededById: string | null;
};

const n = (v: { toString(): string } | null) => (v === null ? null : Number(v.toString()));

export function cleanFilters(raw: AlertFilters): { severity: SeverityFilter | null; category: string | null } {
  const severity = (SEVERITIES as readonly string[]).includes(raw.severity ?? "") ? (raw.severity as SeverityFilter) : null;
  const category = raw.category && /^[a-z0-9-]{1,64}$/.test(raw.category) ? raw.category : null;
  return { severity, category };
}

export async function listAlerts(db: PrismaClient, subscriberId: string, raw: AlertFilters = {}): Promise<AlertListItem[]> {
  const { severity, category } = cleanFilters(raw);
  const rows = await db.subscriberAlert.findMany({
    where: { subscriberId, ...(severity ? { severity } : {}), ...(category ? { categoryId: category } : {}) },
    orderBy: [{ createdAt: "desc" }, { id: "asc" }],
    take: Math.min(raw.limit ?? 200, 500),
  });
  const names = new Map(
    (await db.consumerCategory.findMany({ where: { id: { in: [...new Set(rows.map((r) => r.categoryId))] } }, select: { id: true, name: true } })).map((c) => [c.id, c.name]),
  );
  return rows.map((r) => {
    // `suppressed` is the alert's own, never in a shared document: the row's column holds it.
    const ev = evidenceOf(r.evidence);
    return {
      id: r.id,
      kind: r.kind,
      severity: r.severity,
      title: r.title,
      reason: r.reason,
      categoryId: r.categoryId,
      categoryName: names.get(r.categoryId) ?? r.categoryId,
      centralPct: n(r.centralPct),
      lowPct: n(r.lowPct),
      highPct: n(r.highPct),
      centralCents: r.centralCents,
      createdAt: r.createdAt.toISOString(),
      readAt: r.readAt ? r.readAt.toISOString() : null,
      suppressed: r.suppressed ? (ev.suppressed ?? "held back") : null,
      unconfirmed: r.unconfirmed,
      supersededById: r.supersededById,
    };
  });
}

/** The categories the subscriber has alerts in (for the filter). */
export async function alertCategories(db: PrismaClient, subscriberId: string): Promise<{ id: string; name: string }[]> {
  const ids = await db.subscriberAlert.findMany({ where: { subscriberId }, distinct: ["categoryId"], select: { categoryId: true } });
  const cats = await db.consumerCategory.findMany({ where: { id: { in: ids.map((i) => i.categoryId) } }, select: { id: true, name: true }, orderBy: { name: "asc" } });
  return cats;
}

/** One alert of the subscriber, or null (also for another subscriber's alert). */
export async function ownAlert(db: PrismaClient, subscriberId: string, id: string) {
  if (!/^[0-9a-f-]{36}$/i.test(id)) return null;
  const alert = await db.subscriberAlert.findUnique({ where: { id } });
  return alert && alert.subscriberId === subscriberId ? alert : null;
}

/**
 * The subscriber's unread alerts: a superseded alert (a correction replaced it) is not counted,
 * its correction is (docs/alerts.md, "Countdowns and corrections").
 */
export function unreadAlertCount(db: PrismaClient, subscriberId: string): Promise<number> {
  return db.subscriberAlert.count({ where: { subscriberId, readAt: null, supersededById: null } });
}
