// First: the renders below on React's production build (tests/helpers/react-production.ts).
import { reactIsProduction } from "../helpers/react-production";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { ProjectionWorking } from "@/components/projection/projection-working";
import { accessOf } from "@/lib/accounts/access";
import { alertEmailProps } from "@/lib/alerts/deliver";
import { evaluateWatches } from "@/lib/alerts/evaluate";
import { evidenceFor } from "@/lib/alerts/stored-evidence";
import { listWatchesV1 } from "@/lib/api/v1";
import { renderEmail } from "@/lib/email/templates";
import { lineText, signedDollars, type FormulaLine } from "@/lib/tariffs/evidence";
import { loadLaw } from "@/lib/tariffs/law";
import { dollarsOn } from "@/lib/tariffs/price-change";
import { isProjectionDocument, projectionDocument, storedProjectionOf } from "@/lib/tariffs/projection-document";
import { loadProjectionTables } from "@/lib/tariffs/projection-tables";
import { projectWatch, type WatchShape } from "@/lib/tariffs/watch-projection";
import { listWatches } from "@/lib/watchlist/service";
import { freshStored, storedOf } from "@/lib/watchlist/stored-projection";
import { makeSubscriber } from "../helpers/alert-fixtures";
import { setupTestDatabase } from "../helpers/test-database";

/**
 * One projection everywhere (docs/tariffs.md, "One projection of a watch"): 500 generated
 * watches (random categories, HTS lines, origins, prices, horizons and plans) on the committed
 * tariff law, evaluated on ten days spread across the law's events. For every watch, at the
 * same moment, these agree: the alert engine's stored projection, `projectWatch` called
 * directly, a projection computed again on read, /api/watchlist (`listWatches`),
 * /api/v1/watchlist, the watch page's working, every alert of the watch (its figures, its
 * document, its email's sentence) and the one sentence. Every product the working and the
 * email show adds up: each column's factors, as shown, multiply to its result as shown.
 */
const db = setupTestDatabase({ template: "tariff-tables" });

/** A watch's stored figures: the shared document its key points to (docs/alerts.md, "The stored projection"). */
async function figuresOf(key: string | null) {
  return key ? ((await db.prisma.alertEvidence.findUnique({ where: { key } }))?.evidence ?? null) : null;
}

const WATCHES_PER_DAY = 50;
const DAYS = ["2025-02-01", "2025-04-08", "2025-08-04", "2025-10-20", "2026-01-10", "2026-02-22", "2026-04-01", "2026-07-22", "2026-08-25", "2026-11-28"];
const HORIZONS = [30, 60, 90, 180, 365, 730];
const ORIGINS = [null, null, null, "CN", "VN", "MX", "CA", "DE", "IN", "BD", "KH", "IT", "JP", "BR", "RU", "GB", "TH"];
const PLANS = [{ trial: true }, { plan: "consumer" as const }, { plan: "professional" as const }, { plan: "pro-alerts" as const }];

/** A small seeded generator (mulberry32): the same watches in every run. */
function random(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A shown number ("+1.918%", "0.4107", "$120.00", "−$0.10") as its value and half the unit of its last digit, both in plain units (a percent / 100, dollars). */
function shown(text: string): { value: number; half: number } {
  let t = text.trim().replace(/−/g, "-");
  let sign = 1;
  if (t.startsWith("+") || t.startsWith("-")) {
    sign = t.startsWith("-") ? -1 : 1;
    t = t.slice(1);
  }
  if (t.startsWith("$")) t = t.slice(1);
  const percent = t.endsWith("%");
  if (percent) t = t.slice(0, -1);
  if (!/^\d+(\.\d+)?$/.test(t)) throw new Error(`not a shown number: ${text}`);
  const scale = percent ? 0.01 : 1;
  const decimals = t.split(".")[1]?.length ?? 0;
  return { value: sign * Number(t) * scale, half: 0.5 * 10 ** -decimals * scale };
}

/** The product of shown factors can be the shown result: their intervals meet (interval arithmetic on the rounding of each shown number). */
function addsUp(factors: string[], result: string): boolean {
  let lo = 1;
  let hi = 1;
  for (const f of factors) {
    const { value, half } = shown(f);
    const ends = [lo * (value - half), lo * (value + half), hi * (value - half), hi * (value + half)];
    lo = Math.min(...ends);
    hi = Math.max(...ends);
  }
  const r = shown(result);
  const slack = 1e-12;
  return r.value + r.half >= lo - slack && r.value - r.half <= hi + slack;
}

/** Every formula table of the rendered working: for each column (case), its factors and result as shown. */
function tablesOf(html: string): { factors: string[]; result: string }[] {
  const out: { factors: string[]; result: string }[] = [];
  for (const table of html.match(/<table[^>]*data-testid="formula-lines"[\s\S]*?<\/table>/g) ?? []) {
    const rows = [...table.matchAll(/<tr>([\s\S]*?)<\/tr>/g)].map((r) => [...r[1]!.matchAll(/<td[^>]*data-testid="(factor|result)"[^>]*>([^<]*)<\/td>/g)].map((c) => ({ kind: c[1], text: c[2]! })));
    const cells = rows.filter((r) => r.length > 0);
    const columns = cells[0]?.length ?? 0;
    for (let col = 0; col < columns; col++) {
      out.push({
        factors: cells.filter((r) => r[col]?.kind === "factor").map((r) => r[col]!.text),
        result: cells.find((r) => r[col]?.kind === "result")?.[col]?.text ?? "",
      });
    }
  }
  return out;
}

/** "low: 0.1775 × 1 × +1.918% × 0.4107 = +0.14%" as its factors and result. */
function parseLine(text: string): { factors: string[]; result: string } {
  const [, body = ""] = text.split(": ");
  const [left = "", result = ""] = body.split(" = ");
  return { factors: left.split(" × "), result };
}

const decode = (s: string) => s.replace(/&#x27;/g, "'").replace(/&quot;/g, '"').replace(/&amp;/g, "&").replace(/&lt;/g, "<").replace(/&gt;/g, ">");

test(`${WATCHES_PER_DAY * DAYS.length} generated watches show the same figures on every surface, and every shown product adds up`, async () => {
  expect(reactIsProduction()).toBe(true);
  const rand = random(20261128);
  const pick = <T,>(list: readonly T[]): T => list[Math.floor(rand() * list.length)]!;
  const categories = await db.prisma.consumerCategory.findMany({ select: { id: true, referenceHts: true } });
  const lines = await db.prisma.htsLine.findMany({ select: { code: true, categoryId: true } });
  const counts = { watches: 0, statuses: new Map<string, number>(), alerts: new Map<string, number>(), emails: 0, recomputed: 0, tables: 0, lines: 0, dollars: 0 };

  for (const [dayIndex, day] of DAYS.entries()) {
    const now = new Date(`${day}T15:00:00Z`);
    // Ten subscribers a day, plans mixed (a trial sees percent, the paid plans dollars).
    const subscribers: { id: string; plan: (typeof PLANS)[number] }[] = [];
    for (let i = 0; i < 10; i++) {
      const plan = PLANS[i % PLANS.length]!;
      subscribers.push({ id: await makeSubscriber(db.prisma, `agree-${dayIndex}-${i}@example.com`, plan, now, { alertFrequency: "instant" }), plan });
    }
    const created: { id: string; subscriberId: string; shape: WatchShape; priceCents: number | null }[] = [];
    for (let i = 0; i < WATCHES_PER_DAY; i++) {
      const item = rand() < 0.7;
      const line = item ? pick(lines) : null;
      const categoryId = line ? line.categoryId : pick(categories).id;
      const shape: WatchShape = { categoryId, htsCode: line?.code ?? null, madeIn: item ? pick(ORIGINS) : null, horizonDays: pick(HORIZONS) };
      const priceCents = item && rand() < 0.8 ? 100 + Math.floor(rand() * 200_000) : null;
      const subscriberId = subscribers[i % subscribers.length]!.id;
      const row = await db.prisma.watch.create({
        data: {
          subscriberId,
          kind: item ? "item" : "category",
          categoryId,
          htsCode: shape.htsCode,
          name: item ? `Item ${dayIndex}-${i}` : null,
          priceCents,
          madeIn: shape.madeIn,
          thresholdPct: pick([0.5, 1, 3]),
          horizonDays: shape.horizonDays,
        },
        select: { id: true },
      });
      created.push({ id: row.id, subscriberId, shape, priceCents });
    }

    // The alert engine, set-based, for every watch: alerts and stored projections.
    await evaluateWatches(db.prisma, { now, full: true });
    const law = await loadLaw(db.prisma);
    const tables = await loadProjectionTables(db.prisma, created.map((c) => c.shape), { law });

    const bySubscriber = new Map<string, Awaited<ReturnType<typeof listWatches>>["watches"]>();
    const v1BySubscriber = new Map<string, Awaited<ReturnType<typeof listWatchesV1>>["data"]>();
    const accessBySubscriber = new Map<string, Awaited<ReturnType<typeof accessOf>>>();
    for (const s of subscribers) {
      const access = await accessOf(db.prisma, s.id, now);
      accessBySubscriber.set(s.id, access);
      bySubscriber.set(s.id, (await listWatches(db.prisma, s.id, access, now)).watches);
      v1BySubscriber.set(s.id, (await listWatchesV1(db.prisma, s.id, { limit: 100 }, access, now)).data);
    }

    for (const [i, c] of created.entries()) {
      const row = await db.prisma.watch.findUniqueOrThrow({ where: { id: c.id } });
      const stored = storedOf(await figuresOf(row.figuresKey));
      const t = tables.tablesFor(c.shape);
      expect(t).not.toBeNull();
      const wp = projectWatch(t!, c.shape, day);
      // The engine's stored projection is exactly the one function's output, and holds for this day and law.
      expect(stored).toEqual(storedProjectionOf(wp, c.shape));
      expect(freshStored({ ...c.shape, ...row, projection: stored, projectedOn: row.projectedOn?.toISOString().slice(0, 10) ?? null }, day, law.stamp)).not.toBeNull();
      const doc = projectionDocument(wp, law);
      const [stamped] = await db.prisma.alertEvidence.findMany({ where: { key: row.projectionKey ?? "" } });
      expect(stamped?.evidence).toEqual(JSON.parse(JSON.stringify(doc)));
      expect(doc.band).toEqual(stored!.band);
      counts.statuses.set(stored!.status, (counts.statuses.get(stored!.status) ?? 0) + 1);

      // /api/watchlist and the watchlist row; /api/v1/watchlist.
      const access = accessBySubscriber.get(c.subscriberId)!;
      const view = bySubscriber.get(c.subscriberId)!.find((w) => w.id === c.id)!;
      expect(view.projection).not.toBeNull();
      const summary = view.projection!;
      expect([summary.low, summary.central, summary.high]).toEqual(stored!.band ? [stored!.band.low, stored!.band.central, stored!.band.high] : [null, null, null]);
      const dollars = stored!.band && c.priceCents !== null && access.entitlements.impactCalculator ? dollarsOn(c.priceCents, stored!.band) : undefined;
      expect(summary.dollars).toEqual(dollars);
      if (dollars) counts.dollars += 1;
      const v1 = v1BySubscriber.get(c.subscriberId)!.find((w) => w.id === c.id)!;
      expect(v1.projection).toEqual(summary);
      expect(v1.lastCentralPct).toBe(stored!.band?.central ?? null);

      // The watch page: the same sentence, the working's result is the stored band, every product adds up.
      const html = renderToStaticMarkup(
        createElement(ProjectionWorking, { doc, priceCents: c.priceCents, dollarsPlan: access.entitlements.impactCalculator ? null : "Consumer Plan" }),
      );
      for (const column of tablesOf(html)) {
        counts.tables += 1;
        expect({ column, addsUp: addsUp(column.factors, column.result) }).toEqual({ column, addsUp: true });
      }
      if (dollars) expect(decode(html)).toContain(`>${signedDollars(summary.dollars!.central)}<`);
      if (doc.changes.length > 1 && stored!.band) {
        const sum = doc.changes.reduce((a, ch) => a + (ch.band?.central ?? 0), 0);
        expect(stored!.band.central).toBeCloseTo(sum, 9);
      }

      // Every alert of the watch written this day: figures, document and email.
      const alerts = await db.prisma.subscriberAlert.findMany({ where: { watchId: c.id, createdAt: now } });
      const resolved = await evidenceFor(db.prisma, alerts);
      for (const [k, alert] of alerts.entries()) {
        counts.alerts.set(alert.kind, (counts.alerts.get(alert.kind) ?? 0) + 1);
        if (alert.kind === "cpi") continue;
        const evidence = resolved[k]!;
        expect(isProjectionDocument(evidence)).toBe(true);
        if (!isProjectionDocument(evidence)) continue;
        const band = alert.kind === "threshold" ? stored!.band : (wp.changes.find((ch) => alert.dedupeKey === `${c.id}:${alert.kind}:${ch.key}`)?.band ?? null);
        if (alert.kind === "threshold") expect(alert.evidenceKey).toBe(row.projectionKey);
        else expect(evidence).toMatchObject(JSON.parse(JSON.stringify(projectionDocument(wp, law, alert.dedupeKey.split(":").slice(2).join(":")))));
        expect(alert.centralPct === null ? null : Number(alert.centralPct)).toBe(band?.central ?? null);
        expect(alert.lowPct === null ? null : Number(alert.lowPct)).toBe(band?.low ?? null);
        expect(alert.highPct === null ? null : Number(alert.highPct)).toBe(band?.high ?? null);
        expect(alert.centralCents).toBe(band && c.priceCents !== null ? dollarsOn(c.priceCents, band).central : null);
        expect(alert.unconfirmed).toBe(evidence.unconfirmed);

        const props = alertEmailProps({ ...alert, evidence }, { siteUrl: "https://tariffwatch.example", unsubscribeUrl: "https://tariffwatch.example/u" }, access);
        if (alert.kind === "threshold") expect(props.sentence).toBe(summary.sentence);
        const email = await renderEmail({ template: "tariff-alert", props });
        expect(decode(email.html)).toContain(props.sentence!);
        expect(email.subject.startsWith(`[${props.severityLabel}${alert.unconfirmed ? ", unconfirmed" : ""}]`)).toBe(true);
        for (const line of props.rows.flatMap((r) => r.lines ?? [])) {
          counts.lines += 1;
          const { factors, result } = parseLine(line);
          expect({ line, addsUp: addsUp(factors, result) }).toEqual({ line, addsUp: true });
        }
        counts.emails += 1;
      }

      // Computed again on read (a stale row), it is the same projection and the same working.
      if (i % 10 === 0) {
        await db.prisma.watch.update({ where: { id: c.id }, data: { figuresKey: null } });
        const again = (await listWatches(db.prisma, c.subscriberId, access, now)).watches.find((w) => w.id === c.id)!;
        expect(again.projection).toEqual(summary);
        const reread = await db.prisma.watch.findUniqueOrThrow({ where: { id: c.id } });
        expect(storedOf(await figuresOf(reread.figuresKey))).toEqual(stored);
        expect(reread.figuresKey).toBe(row.figuresKey);
        expect(reread.projectionKey).toBe(row.projectionKey);
        counts.recomputed += 1;
      }
      counts.watches += 1;
    }
  }

  // The generated set reached every kind of projection and alert it should.
  expect(counts.watches).toBe(WATCHES_PER_DAY * DAYS.length);
  for (const status of ["upcoming", "ramping", "none", "unknown"]) expect(counts.statuses.get(status) ?? 0).toBeGreaterThan(0);
  for (const kind of ["legal-event", "threshold"]) expect(counts.alerts.get(kind) ?? 0).toBeGreaterThan(0);
  expect(counts.emails).toBeGreaterThan(50);
  expect(counts.dollars).toBeGreaterThan(50);
  expect(counts.tables).toBeGreaterThan(1000);
  expect(counts.lines).toBeGreaterThan(100);
  // The counts on the terminal (console.info is silenced in tests, tests/helpers/setup.ts).
  process.stderr.write(
    `[agreement] ${counts.watches} watches; statuses ${JSON.stringify(Object.fromEntries(counts.statuses))}; alerts ${JSON.stringify(Object.fromEntries(counts.alerts))}; ` +
      `${counts.emails} emails, ${counts.recomputed} recomputed on read, ${counts.tables} working columns and ${counts.lines} email lines multiplied out\n`,
  );
}, 1_800_000);

test("the product check catches a hidden factor: 0.355 × +1.92% is not +0.28%", () => {
  expect(addsUp(["0.355", "+1.92%"], "+0.28%")).toBe(false);
  expect(addsUp(["0.355", "+1.92%", "0.41"], "+0.28%")).toBe(true);
  expect(addsUp(["$120.00", "+0.512%"], "+$0.61")).toBe(true);
  expect(addsUp(["$120.00", "+0.512%"], "+$0.63")).toBe(false);
  const line: FormulaLine = { label: "low", factors: [{ name: "a", value: "0.1775" }, { name: "b", value: "−1.000%" }], result: "−0.18%" };
  expect(addsUp(...(Object.values(parseLine(lineText(line))) as [string[], string]))).toBe(true);
});
