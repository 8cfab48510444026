/**
 * The refresh job: fetches the BLS series the store covers and the newest tariff
 * documents, stores what came back valid, recomputes the alerts and records the run.
 * Used by `npm run data:refresh`, the cron route and the embedded set-up's timer; never
 * by a page request.
 *
 * - Each source is independent: a failed or malformed answer stores nothing from it and
 *   keeps the last good data; the run is then "partial" (or "failed" if nothing worked).
 * - BLS: queries of at most 25 series (50 with a key) over 3 calendar years (10 allowed);
 *   before every attempt the queries of the last 24 hours are counted from the run
 *   ledger, and the run stops asking once 25 (500 with a key) would be passed. A network
 *   failure stops the BLS part at once: the network is down, the other batches would
 *   fail the same way.
 * - One log line per run, whatever happened.
 */
import type { PrismaClient } from "@/lib/db/generated/client";
import { batches, blsLimits, fetchBlsBatch, type BlsBatchResult } from "./bls-client";
import { invalidateEconomicCache } from "./cache";
import { fetchTariffDocuments } from "./federal-register-client";
import { defaultSleep, type FetchLike } from "./http";
import { blsRequestsSince, recomputeAlerts, storeBlsSeries, storeNews } from "./store";
import { queueTariffReviews } from "@/lib/tariffs/review";

export type RefreshTrigger = "cli" | "cron" | "timer";

export type RefreshConfig = {
  blsApiUrl: string;
  blsApiKey?: string;
  federalRegisterApiUrl: string;
  timeoutMs?: number;
  retries?: number;
  backoffMs?: number;
  /** Calendar years asked from BLS, ending with the current one (default 3). */
  years?: number;
};

export type RefreshDeps = {
  db: PrismaClient;
  config: RefreshConfig;
  trigger: RefreshTrigger;
  fetch?: FetchLike;
  now?: () => Date;
  sleep?: (ms: number) => Promise<void>;
  log?: (level: "info" | "warn", line: string) => void;
};

export type RefreshSummary = {
  runId: string;
  status: "success" | "partial" | "failed";
  bls: { series: number; batches: number; batchesOk: number; requests: number; observations: number; changed: number; skippedSeries: number };
  /** reviewItems: new tariff documents queued for an operator at /admin/tariffs (lib/tariffs/review.ts). */
  federalRegister: { ok: boolean; documents: number; changed: number; reviewItems?: number };
  alerts: number;
  messages: string[];
};

const DAY_MS = 24 * 60 * 60 * 1000;

const defaultLog = (level: "info" | "warn", line: string) => (level === "warn" ? console.warn(line) : console.info(line));

const holder = globalThis as typeof globalThis & { __economicRefreshInFlight?: Promise<RefreshSummary> };

/** Runs a refresh, or joins the one already running in this process. */
export function refreshEconomicData(deps: RefreshDeps): Promise<RefreshSummary> {
  holder.__economicRefreshInFlight ??= runRefresh(deps).finally(() => {
    holder.__economicRefreshInFlight = undefined;
  });
  return holder.__economicRefreshInFlight;
}

async function runRefresh(deps: RefreshDeps): Promise<RefreshSummary> {
  const { db, config } = deps;
  const now = deps.now ?? (() => new Date());
  const fetchFn: FetchLike = deps.fetch ?? ((input, init) => fetch(input, init));
  const sleep = deps.sleep ?? defaultSleep;
  const log = deps.log ?? defaultLog;
  const http = { fetch: fetchFn, timeoutMs: config.timeoutMs ?? 15_000, retries: config.retries ?? 2, backoffMs: config.backoffMs ?? 1_000, sleep };
  const started = now();
  const run = await db.economicRefreshRun.create({
    data: { trigger: deps.trigger, status: "running", startedAt: started, blsKeyUsed: Boolean(config.blsApiKey) },
  });
  const messages: string[] = [];
  const summary: RefreshSummary = {
    runId: run.id,
    status: "failed",
    bls: { series: 0, batches: 0, batchesOk: 0, requests: 0, observations: 0, changed: 0, skippedSeries: 0 },
    federalRegister: { ok: false, documents: 0, changed: 0 },
    alerts: 0,
    messages,
  };

  // --- BLS --------------------------------------------------------------------------
  let blsOk = false;
  try {
    const series = await db.economicSeries.findMany({ where: { refreshable: true }, orderBy: [{ survey: "asc" }, { sortOrder: "asc" }], select: { seriesId: true } });
    summary.bls.series = series.length;
    if (series.length === 0) {
      messages.push("BLS: no series in the store to refresh (run `npm run db:seed` to load the snapshot first).");
    } else {
      const limits = blsLimits(config.blsApiKey);
      const endYear = started.getUTCFullYear();
      const startYear = endYear - Math.min(config.years ?? 3, limits.yearsPerQuery) + 1;
      const used = await blsRequestsSince(db, new Date(started.getTime() - DAY_MS));
      const groups = batches(series.map((s) => s.seriesId), limits.seriesPerQuery);
      summary.bls.batches = groups.length;
      const mayAttempt = () => used + summary.bls.requests < limits.queriesPerDay;
      const onAttempt = (reached: boolean) => {
        if (reached) summary.bls.requests++;
      };
      for (const [i, group] of groups.entries()) {
        const result: BlsBatchResult = await fetchBlsBatch(
          config.blsApiUrl,
          { seriesIds: group, startYear, endYear, apiKey: config.blsApiKey },
          { ...http, mayAttempt, onAttempt },
        );
        await db.economicRefreshRun.update({ where: { id: run.id }, data: { blsRequests: summary.bls.requests } });
        if (result.ok) {
          const stored = await storeBlsSeries(db, result.series, now(), config.blsApiUrl);
          summary.bls.batchesOk++;
          summary.bls.observations += stored.stored;
          summary.bls.changed += stored.changed;
          const empty = group.filter((id) => !result.series.some((s) => s.seriesId === id && s.points.length > 0));
          if (empty.length) messages.push(`BLS: no data returned for ${empty.join(", ")}.`);
          continue;
        }
        const rest = groups.slice(i + 1).flat().length;
        if (result.kind === "budget" || result.kind === "daily-limit") {
          const skipped = group.length + rest;
          summary.bls.skippedSeries += skipped;
          messages.push(
            result.kind === "budget"
              ? `BLS: daily query limit reached (${limits.queriesPerDay} a day ${config.blsApiKey ? "with the key" : "without BLS_API_KEY"}); ${skipped} series not refreshed this time.`
              : `${result.error}; ${skipped} series not refreshed this time.`,
          );
          break;
        }
        messages.push(`BLS batch ${i + 1}/${groups.length} (${group.length} series): ${result.error}. Kept the stored data.`);
        if (result.kind === "network") {
          summary.bls.skippedSeries += rest;
          if (rest) messages.push(`BLS: network unavailable; the other ${groups.length - i - 1} batch(es) were not tried.`);
          break;
        }
      }
      blsOk = summary.bls.batchesOk === groups.length;
    }
  } catch (error) {
    messages.push(`BLS: ${error instanceof Error ? error.message : String(error)}. Kept the stored data.`);
  }

  // --- Federal Register ----------------------------------------------------------------
  try {
    const result = await fetchTariffDocuments(config.federalRegisterApiUrl, http);
    if (result.ok) {
      const stored = await storeNews(db, result.items, now(), config.federalRegisterApiUrl);
      summary.federalRegister = { ok: true, documents: stored.stored, changed: stored.changed };
      try {
        summary.federalRegister.reviewItems = await queueTariffReviews(db, result.items, now());
      } catch (error) {
        messages.push(`Tariff review queue: ${error instanceof Error ? error.message : String(error)}.`);
      }
    } else {
      messages.push(`${result.error}. Kept the stored news.`);
    }
  } catch (error) {
    messages.push(`Federal Register: ${error instanceof Error ? error.message : String(error)}. Kept the stored news.`);
  }

  // --- alerts, cache, ledger ------------------------------------------------------------------
  try {
    summary.alerts = await recomputeAlerts(db, now());
  } catch (error) {
    messages.push(`Alerts: ${error instanceof Error ? error.message : String(error)}. Kept the previous alerts.`);
  }
  invalidateEconomicCache();

  const anyOk = summary.bls.batchesOk > 0 || summary.federalRegister.ok;
  summary.status = blsOk && summary.federalRegister.ok ? "success" : anyOk ? "partial" : "failed";
  await db.economicRefreshRun.update({
    where: { id: run.id },
    data: {
      status: summary.status,
      finishedAt: now(),
      blsRequests: summary.bls.requests,
      observationsStored: summary.bls.observations,
      newsStored: summary.federalRegister.documents,
      messages,
    },
  });

  const b = summary.bls;
  const line =
    `[economic-refresh] ${summary.status} (${deps.trigger}): BLS ${b.batchesOk}/${b.batches} batches, ${b.requests} queries, ` +
    `${b.observations} observations (${b.changed} new or revised); Federal Register ${summary.federalRegister.ok ? `${summary.federalRegister.documents} documents (${summary.federalRegister.changed} new or changed)` : "not refreshed"}; ` +
    `${summary.alerts} alerts.${messages.length ? ` ${messages.join(" ")}` : ""}`;
  log(summary.status === "success" ? "info" : "warn", line);
  return summary;
}
