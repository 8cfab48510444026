/**
 * Delivering alerts (docs/alerts.md, "Delivery"): instant emails and SMS for the plans that
 * have them, and the daily/weekly digest for everyone with access (the trial's "weekly
 * market report" included). Every email goes through the outbox (lib/email/outbox.ts)
 * under an idempotency key, so a re-run sends nothing twice:
 * - instant: `tariff-alert:<alertId>`;
 * - digest: `alert-digest:<daily|weekly>:<subscriberId>:<period>` (period = the UTC day, or
 *   the ISO week for weekly digests).
 * An alert is marked `emailedAt` (instant), `smsAt` (SMS) or `digestedAt` (digest).
 */
import type { Prisma, PrismaClient, SentEmail } from "@/lib/db/generated/client";
import { accessOn, type Access } from "@/lib/entitlements";
import { surveyFigures } from "@/lib/economy/figures";
import { freshnessText } from "@/lib/economy/freshness";
import { oneLine } from "@/lib/format";
import { readStoredSeries } from "@/lib/economy/store";
import { deliverSoon } from "@/lib/email/deliver-soon";
import { OUTBOX_TRANSACTION, queueEmail, type EmailDeps } from "@/lib/email/outbox";
import { parseEnv } from "@/lib/env/schema";
import { getSecret } from "@/lib/secrets";
import { createTwilioSender, type SmsSender } from "@/lib/sms/twilio";
import { lineText, signedDollars, signedPct, type EvidenceNode } from "@/lib/tariffs/evidence";
import { dollarsNode, dollarsOn } from "@/lib/tariffs/price-change";
import { isProjectionDocument } from "@/lib/tariffs/projection-document";
import { watchesWithProjectionOf } from "@/lib/watchlist/queries";
import { itemName, summaryOf } from "@/lib/watchlist/service";
import { currentProjections } from "@/lib/watchlist/stored-projection";
import { alertSentence } from "./alert-figures";
import { severityTag, type AlertDigestProps, type AlertEmailRow, type AlertEmailSource, type DigestAlert, type DigestMove, type DigestWatch, type TariffAlertProps } from "./email-props";
import { evidenceOf, withEvidence } from "./stored-evidence";
import { alertOptOutUrl } from "./optout";
import { rawEnv } from "@/lib/env/runtime";

export type DeliveryDeps = {
  now: Date;
  siteUrl: string;
  /** Email transport, from address and logger (default: the environment). */
  email?: EmailDeps;
  /** SMS sender; undefined = from the environment (TWILIO_*), null = off. */
  sms?: SmsSender | null;
  /** Signs the opt-out links (default UNSUBSCRIBE_SECRET or the generated local one). */
  secret?: string;
};

export type DeliverResult = { subscribers: number; emailed: number; sms: number; smsFailed: number; heldForDigest: number };
export type DigestResult = { frequency: "daily" | "weekly"; period: string; subscribers: number; sent: number; duplicates: number; alertsIncluded: number };

export const SEVERITY_LABEL: Record<string, string> = { relief: "Relief", info: "Info", watch: "Watch", act: "Act", critical: "Critical" };
const SEVERITY_ORDER: Record<string, number> = { critical: 5, act: 4, relief: 3, watch: 2, info: 1 };
/** Severities that go out instantly; "info" waits for the digest (docs/alerts.md, "Delivery"). */
const INSTANT_SEVERITIES = ["critical", "act", "relief", "watch"];
/** An alert older than this is not sent instantly any more (it waits for the digest). */
const INSTANT_MAX_AGE_MS = 2 * 86_400_000;

function startOfUtcDay(now: Date): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
}

/** ISO week "2026-W27" of a date (UTC). */
export function isoWeek(date: Date): string {
  const d = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate()));
  const day = d.getUTCDay() || 7;
  d.setUTCDate(d.getUTCDate() + 4 - day);
  const yearStart = new Date(Date.UTC(d.getUTCFullYear(), 0, 1));
  const week = Math.ceil(((d.getTime() - yearStart.getTime()) / 86_400_000 + 1) / 7);
  return `${d.getUTCFullYear()}-W${String(week).padStart(2, "0")}`;
}

async function accessMap(db: PrismaClient, ids: string[], now: Date): Promise<Map<string, Access>> {
  const [trials, subs] = await Promise.all([
    db.freeTrial.findMany({ where: { subscriberId: { in: ids } }, orderBy: { startDate: "desc" }, select: { subscriberId: true, startDate: true, endDate: true, isActive: true } }),
    db.subscription.findMany({ where: { subscriberId: { in: ids } }, select: { subscriberId: true, planId: true, status: true, currentPeriodEnd: true, cancelAtPeriodEnd: true } }),
  ]);
  const out = new Map<string, Access>();
  for (const id of ids) {
    const trial = trials.find((t) => t.subscriberId === id) ?? null;
    out.set(id, accessOn({ trial, subscriptions: subs.filter((s) => s.subscriberId === id) }, now));
  }
  return out;
}

function secretOf(deps: DeliveryDeps): string {
  return deps.secret ?? getSecret("unsubscribe");
}

function smsOf(deps: DeliveryDeps): SmsSender | null {
  if (deps.sms !== undefined) return deps.sms;
  const sms = parseEnv(rawEnv()).sms;
  return sms ? createTwilioSender(sms) : null;
}

/**
 * The figures of an alert as email rows (docs/alerts.md, "Delivery"), with footnote numbers
 * into `sources`; `evidence` resolved (stored-evidence.ts `evidenceFor`). It opens with the
 * sentence the watch's page opens with, in dollars when `access` shows dollars, and writes
 * each product out per case, as the page's working does.
 */
export function alertEmailProps(
  alert: { id: string; title: string; severity: string; reason: string; unconfirmed?: boolean; evidence: Prisma.JsonValue },
  links: { siteUrl: string; unsubscribeUrl: string },
  access: Pick<Access, "entitlements">,
): TariffAlertProps {
  const ev = evidenceOf(alert.evidence);
  const doc = isProjectionDocument(alert.evidence) ? alert.evidence : null;
  const figures = doc ? alertSentence(doc, ev, access) : null;
  const sources = ev.sources ?? [];
  const numbering = new Map(sources.map((s, i) => [s.id, i + 1]));
  const nodes = ev.nodes ?? [];
  const refs = (n: EvidenceNode) => n.sourceIds.map((id) => numbering.get(id)).filter((x): x is number => x !== undefined);
  const row = (n: EvidenceNode): AlertEmailRow => ({
    label: n.label,
    value: n.value,
    formula: n.formula,
    ...(n.lines?.length ? { lines: n.lines.map(lineText) } : {}),
    refs: refs(n),
    unconfirmed: n.unconfirmed,
  });
  const rows: AlertEmailRow[] = [];
  if (ev.line) rows.push({ label: "Your item", value: `HTS ${ev.line.code} "${ev.line.description}"${ev.origins ? `, ${ev.origins}` : ""}` });
  for (const n of nodes.filter((n) => /(^|\/)duty:/.test(n.id) || n.id === "cpi")) rows.push(row(n));
  for (const n of nodes.filter((n) => /(^|\/)(landed|band|byHorizon|m|total)$/.test(n.id))) rows.push(row(n));
  if (figures && doc?.band && figures.priceCents !== null && figures.dollarsPlan === null) {
    rows.push(row(dollarsNode(figures.priceCents, doc.band, dollarsOn(figures.priceCents, doc.band), doc.unconfirmed)));
  } else if (!figures && ev.price) {
    rows.push({
      label: `On your $${(ev.price.priceCents / 100).toFixed(2)}`,
      value: `${signedDollars(ev.price.lowCents)} / ${signedDollars(ev.price.centralCents)} / ${signedDollars(ev.price.highCents)} (low / central / high)`,
    });
  }
  const ramp = nodes.find((n) => /(^|\/)ramp$/.test(n.id));
  if (ramp) rows.push({ label: "When", value: ramp.value, formula: ramp.formula, refs: refs(ramp) });
  const versions = ev.dataVersions ?? {};
  const srcs: AlertEmailSource[] = sources.map((s, i) => ({ n: i + 1, title: s.title, citation: s.citation, publishedAt: s.publishedAt, url: s.url }));
  const site = links.siteUrl.replace(/\/+$/, "");
  return {
    siteUrl: site,
    severityLabel: SEVERITY_LABEL[alert.severity] ?? "Info",
    unconfirmed: Boolean(alert.unconfirmed),
    title: alert.title,
    sentence: figures?.sentence ?? null,
    reason: alert.reason,
    rows,
    sources: srcs,
    dataAsOf: Object.entries(versions)
      .filter(([, v]) => v)
      .map(([k, v]) => `${k}: ${v}`)
      .join(" · "),
    notIncluded: [ev.assumptions ?? "exchange rates, AD/CVD, promotions, shipping", ...(ev.unknowns ?? [])].join(" "),
    detailUrl: `${site}/alerts/mine/${alert.id}`,
    preferencesUrl: `${site}/account`,
    unsubscribeUrl: links.unsubscribeUrl,
  };
}

/** The SMS text of an alert (about two segments). */
export function alertSmsBody(alert: { id: string; title: string; severity: string; unconfirmed?: boolean }, siteUrl: string): string {
  return `TariffWatch [${severityTag(SEVERITY_LABEL[alert.severity] ?? "Info", alert.unconfirmed)}] ${oneLine(alert.title)} ${siteUrl.replace(/\/+$/, "")}/alerts/mine/${alert.id} Reply STOP to opt out.`;
}

/**
 * Instant delivery of new alerts: an email (template "tariff-alert") to subscribers whose
 * plan has real-time alerts, whose alert frequency is "instant" and who did not switch off
 * "alerts"; an SMS to those whose plan has SMS alerts and who gave a phone (when Twilio is
 * configured). At most the plan's alertsPerDay alerts per subscriber per UTC day go out
 * instantly (most severe first); the rest, "info" alerts and suppressed ones (snooze, daily
 * cap) wait for the digest.
 */
export async function deliverAlerts(db: PrismaClient, deps: DeliveryDeps): Promise<DeliverResult> {
  const { now } = deps;
  const result: DeliverResult = { subscribers: 0, emailed: 0, sms: 0, smsFailed: 0, heldForDigest: 0 };
  const pending = await withEvidence(db, await db.subscriberAlert.findMany({
    where: {
      emailedAt: null,
      smsAt: null,
      digestedAt: null,
      suppressed: false,
      severity: { in: INSTANT_SEVERITIES },
      createdAt: { gte: new Date(now.getTime() - INSTANT_MAX_AGE_MS), lte: now },
    },
    include: { subscriber: { select: { id: true, email: true, alertFrequency: true, emailOptOuts: true, phone: true } } },
    orderBy: { createdAt: "asc" },
  }));
  if (pending.length === 0) return result;
  const bySubscriber = new Map<string, typeof pending>();
  for (const a of pending) bySubscriber.set(a.subscriberId, [...(bySubscriber.get(a.subscriberId) ?? []), a]);
  const access = await accessMap(db, [...bySubscriber.keys()], now);
  const sms = smsOf(deps);
  const secret = secretOf(deps);
  const dayStart = startOfUtcDay(now);
  const queued: SentEmail[] = [];

  for (const [subscriberId, alerts] of bySubscriber) {
    const acc = access.get(subscriberId);
    const sub = alerts[0]!.subscriber;
    if (!acc || acc.alertsPaused) continue;
    const wantsEmail = acc.entitlements.realtimeAlerts && sub.alertFrequency === "instant" && !sub.emailOptOuts.includes("alerts");
    const wantsSms = Boolean(sms) && acc.entitlements.smsAlerts && Boolean(sub.phone) && !sub.emailOptOuts.includes("sms");
    if (!wantsEmail && !wantsSms) continue;
    result.subscribers += 1;
    const sentToday = await db.subscriberAlert.count({
      where: { subscriberId, OR: [{ emailedAt: { gte: dayStart } }, { smsAt: { gte: dayStart } }] },
    });
    const room = Math.max(0, acc.entitlements.alertsPerDay - sentToday);
    const ordered = [...alerts].sort((a, b) => (SEVERITY_ORDER[b.severity] ?? 0) - (SEVERITY_ORDER[a.severity] ?? 0) || a.createdAt.getTime() - b.createdAt.getTime());
    const now_ = ordered.slice(0, room);
    result.heldForDigest += ordered.length - now_.length;
    for (const alert of now_) {
      const data: Prisma.SubscriberAlertUpdateInput = {};
      if (wantsSms && sms && sub.phone) {
        const sent = await sms.send(sub.phone, alertSmsBody(alert, deps.siteUrl));
        if (sent.ok) {
          data.smsAt = now;
          result.sms += 1;
        } else {
          result.smsFailed += 1;
          (deps.email?.logger?.warn ?? console.warn)(`[alerts] SMS not sent for alert ${alert.id}: ${sent.error}`);
          // A permanent failure (bad number) is not retried: mark it so the next run skips it.
          if (sent.permanent && !wantsEmail) data.smsAt = now;
        }
      }
      if (wantsEmail) {
        const props = alertEmailProps(alert, { siteUrl: deps.siteUrl, unsubscribeUrl: alertOptOutUrl(deps.siteUrl, sub.email, "alerts", secret) }, acc);
        data.emailedAt = now;
        // The email and the alert's marks in one transaction (docs/email.md, "Sending").
        const email = await db.$transaction(async (tx) => {
          const { email } = await queueEmail(tx, { to: sub.email, template: "tariff-alert", props, idempotencyKey: `tariff-alert:${alert.id}` }, { ...deps.email, now });
          await tx.subscriberAlert.update({ where: { id: alert.id }, data });
          return email;
        }, OUTBOX_TRANSACTION);
        queued.push(email);
        result.emailed += 1;
      } else if (Object.keys(data).length) {
        await db.subscriberAlert.update({ where: { id: alert.id }, data });
      }
    }
  }
  // Off the request path: after an admin's change the emails go out once it has its answer;
  // in a job the email-delivery job delivers them.
  deliverSoon(db, queued, deps.email);
  return result;
}

/** Biggest 12-month moves among the dashboard's category rows of one survey. */
async function marketMoves(db: PrismaClient): Promise<{ cpi: DigestMove[]; ppi: DigestMove[] }> {
  const series = await readStoredSeries(db);
  const moves = (survey: "CPI" | "PPI"): DigestMove[] => {
    const { figures } = surveyFigures(series.filter((s) => s.survey === survey));
    return figures
      .filter((f) => f.role !== "aggregate" && f.change12mo !== null)
      .sort((a, b) => Math.abs(b.change12mo ?? 0) - Math.abs(a.change12mo ?? 0))
      .slice(0, 5)
      // "CPI for May 2026, fetched Nov 20, 2026 from the BLS API": the month and the fetch (lib/economy/freshness.ts).
      .map((f) => ({ label: f.label, change: signedPct(f.change12mo ?? 0, 1), period: freshnessText({ label: survey, period: f.period, origin: f.origin, fetchedAt: f.fetchedAt }) }));
  };
  return { cpi: moves("CPI"), ppi: moves("PPI") };
}

/**
 * The digest: the subscriber's undelivered alerts (snoozed ones left out), every watch's
 * current projection and the latest CPI/PPI moves. Daily: subscribers with frequency
 * "daily", and "instant" ones who have alerts waiting. Weekly: frequency "weekly" (the
 * default, so every trial gets its weekly market report). Lapsed accounts and those who
 * switched "digest" off get none. Those who switched "alerts" off get a digest without
 * alerts (their watches and the price figures only): "alerts" off stops every alert email,
 * so a trial, whose alerts come only in the digest, can stop them (docs/alerts.md).
 */
export async function sendDigests(db: PrismaClient, deps: DeliveryDeps & { frequency: "daily" | "weekly" }): Promise<DigestResult> {
  const { now, frequency } = deps;
  const period = frequency === "weekly" ? isoWeek(now) : now.toISOString().slice(0, 10);
  const result: DigestResult = { frequency, period, subscribers: 0, sent: 0, duplicates: 0, alertsIncluded: 0 };
  const frequencies = frequency === "daily" ? ["daily", "instant"] : ["weekly"];
  const subscribers = await db.subscriber.findMany({
    where: { alertFrequency: { in: frequencies }, NOT: { emailOptOuts: { has: "digest" } } },
    select: { id: true, email: true, alertFrequency: true, emailOptOuts: true },
  });
  if (subscribers.length === 0) return result;
  const access = await accessMap(db, subscribers.map((s) => s.id), now);
  const market = await marketMoves(db);
  const secret = secretOf(deps);
  const site = deps.siteUrl.replace(/\/+$/, "");

  for (const sub of subscribers) {
    const acc = access.get(sub.id);
    if (!acc || acc.alertsPaused) continue;
    const key = `alert-digest:${frequency}:${sub.id}:${period}`;
    // Alert emails switched off: none in the digest either (they stay listed on /alerts/mine).
    const alertsOff = sub.emailOptOuts.includes("alerts");
    const alerts = alertsOff
      ? []
      : await db.subscriberAlert.findMany({
          where: { subscriberId: sub.id, emailedAt: null, digestedAt: null, createdAt: { lte: now } },
          orderBy: { createdAt: "desc" },
          take: 200,
        });
    // `suppressed` is the alert's own (never in a shared document): the stored column is enough here.
    const included = alerts.filter((a) => evidenceOf(a.evidence).suppressed !== "snoozed");
    if (sub.alertFrequency === "instant" && included.length === 0) continue;
    result.subscribers += 1;
    // Every watch's current projection, as its page shows it today (lib/watchlist/stored-projection.ts).
    const watches = await watchesWithProjectionOf(db, sub.id);
    const projections = watches.length ? await currentProjections(db, watches, now, watches[0]!.lawStamp) : new Map();
    const digestAlerts: DigestAlert[] = included
      .sort((a, b) => (SEVERITY_ORDER[b.severity] ?? 0) - (SEVERITY_ORDER[a.severity] ?? 0))
      .map((a) => ({
        title: a.title,
        severityLabel: SEVERITY_LABEL[a.severity] ?? "Info",
        reason: a.reason,
        url: `${site}/alerts/mine/${a.id}`,
        note: evidenceOf(a.evidence).suppressed === "daily-cap" ? "held back by your daily alert limit" : null,
      }));
    const digestWatches: DigestWatch[] = watches.map((w) => {
      const stored = projections.get(w.id)?.stored;
      return {
        name: itemName(w),
        projection: stored ? summaryOf(stored, w, acc).sentence : "not projected yet",
        threshold: `${w.thresholdPct}%`,
      };
    });
    const props: AlertDigestProps = {
      siteUrl: site,
      frequency,
      periodLabel: frequency === "weekly" ? `week ${period}` : period,
      alerts: digestAlerts,
      watches: digestWatches,
      cpiMoves: market.cpi,
      ppiMoves: market.ppi,
      alertsOff,
      upgradeNote: acc.plan === "free-trial" ? "Your free trial includes this weekly report. Consumer and above add instant alerts by email and SMS." : null,
      alertsUrl: `${site}/alerts/mine`,
      preferencesUrl: `${site}/account`,
      unsubscribeUrl: alertOptOutUrl(site, sub.email, "digest", secret),
    };
    // The digest and the alerts it includes in one transaction (docs/email.md, "Sending");
    // the email-delivery job delivers it.
    const queued = await db.$transaction(async (tx) => {
      const queued = await queueEmail(tx, { to: sub.email, template: "alert-digest", props, idempotencyKey: key }, { ...deps.email, now });
      if (!queued.duplicate && included.length) {
        await tx.subscriberAlert.updateMany({ where: { id: { in: included.map((a) => a.id) }, digestedAt: null }, data: { digestedAt: now } });
      }
      return queued;
    }, OUTBOX_TRANSACTION);
    if (queued.duplicate) {
      result.duplicates += 1;
      continue;
    }
    result.sent += 1;
    result.alertsIncluded += included.length;
  }
  return result;
}
