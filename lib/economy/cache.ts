/**
 * The dashboard's in-memory cache: the answers of GET /api/economic/dashboard and
 * /api/economic/details, serialized once and served as they are. Rebuilt from the store
 * at most every 5 minutes (spec: cache lifetime 5 minutes) or as soon as new data is
 * stored in this process (`invalidateEconomicCache`, called by the refresh and the seed).
 * Another process storing data (the refresh command against a PostgreSQL server) is seen
 * within the 5 minutes.
 *
 * Kept on globalThis: the route handlers and the instrumentation timer are bundled
 * separately but share the process, and so must share this.
 *
 * If a rebuild fails (the database is unreachable) the last good answer keeps being
 * served; only with nothing cached does the caller get the error.
 */
import { createHash } from "node:crypto";

export const CACHE_TTL_MS = 5 * 60 * 1000;
const RETRY_AFTER_FAILURE_MS = 30_000;

/** The serialized answer: the text, its UTF-8 bytes (encoded once, sent as they are) and its ETag. */
export type CachedBody = { json: string; bytes: Uint8Array<ArrayBuffer>; etag: string };
export type CacheEntry = { builtAt: number; version: number; dashboard: CachedBody; details: CachedBody };
export type Views = { dashboard: unknown; details: unknown };

type State = { version: number; entry: CacheEntry | null; building: Promise<CacheEntry> | null; lastErrorLoggedAt: number; failedAt: number };

const holder = globalThis as typeof globalThis & { __economicCache?: State };

function state(): State {
  holder.__economicCache ??= { version: 0, entry: null, building: null, lastErrorLoggedAt: 0, failedAt: 0 };
  return holder.__economicCache;
}

/** New data was stored: the next request rebuilds. */
export function invalidateEconomicCache(): void {
  state().version++;
}

/** For tests: forget everything. */
export function resetEconomicCache(): void {
  holder.__economicCache = { version: 0, entry: null, building: null, lastErrorLoggedAt: 0, failedAt: 0 };
}

function body(value: unknown): CachedBody {
  const json = JSON.stringify(value);
  const bytes = new TextEncoder().encode(json);
  return { json, bytes, etag: `"${createHash("sha1").update(bytes).digest("base64url").slice(0, 27)}"` };
}

/** The cached answers, rebuilding them with `load` when they are older than the TTL or invalidated. */
export async function getCachedViews(load: () => Promise<Views>, now: () => number = Date.now): Promise<CacheEntry> {
  const s = state();
  const entry = s.entry;
  if (entry && entry.version === s.version && now() - entry.builtAt < CACHE_TTL_MS) return entry;
  // After a failed rebuild, serve the last good answer for a while before trying again.
  if (entry && now() - s.failedAt < RETRY_AFTER_FAILURE_MS) return entry;
  if (!s.building) {
    const version = s.version;
    s.building = load()
      .then((views) => {
        const built: CacheEntry = { builtAt: now(), version, dashboard: body(views.dashboard), details: body(views.details) };
        s.entry = built;
        return built;
      })
      .finally(() => {
        s.building = null;
      });
  }
  try {
    return await s.building;
  } catch (error) {
    s.failedAt = now();
    if (entry) {
      if (now() - s.lastErrorLoggedAt > 60_000) {
        s.lastErrorLoggedAt = now();
        console.error("[economic-dashboard] could not rebuild from the store; serving the last good answer", error);
      }
      return entry;
    }
    throw error;
  }
}
