import { z } from "zod";
import { optionalString } from "./shared";

/** Security and limits (docs/security.md): rate limits, the client address, engine diagnostics. */
export const securitySchema = z.object({
  /** Set to "false" to turn rate limiting of public forms off (never in production). */
  RATE_LIMIT_ENABLED: optionalString.pipe(z.enum(["true", "false"]).optional()),
  /** Proxies of ours in front of scripts/serve.mjs (0 = none: the socket address; 1 = the right-most X-Forwarded-For entry). */
  TRUSTED_PROXY_HOPS: optionalString.pipe(z.string().regex(/^([0-9]|10)$/, "must be a whole number from 0 to 10 (0 = no proxy in front)").optional()),
  /** Without scripts/serve.mjs (e.g. Vercel): the platform's own client-address header, e.g. x-vercel-forwarded-for or x-real-ip. */
  CLIENT_IP_HEADER: optionalString.pipe(z.string().regex(/^[A-Za-z0-9-]{1,64}$/, "must be a header name such as x-vercel-forwarded-for").optional()),
});

export type SecurityVars = z.infer<typeof securitySchema>;

export function securitySettings(v: SecurityVars) {
  return { RATE_LIMIT_ENABLED: v.RATE_LIMIT_ENABLED !== "false" };
}

export type SecuritySettings = ReturnType<typeof securitySettings>;

/**
 * How the client address is read (lib/http/rate-limit.ts): TARIFFWATCH_SERVER=1 is set by
 * scripts/serve.mjs in front of Next; CLIENT_IP_HEADER names a platform's own header.
 * Read on each call from the raw variables (cheap, and tests change them).
 */
export function clientAddressSettings(raw: Record<string, string | undefined>): { fromServer: boolean; platformHeader: string | undefined } {
  const platform = raw.CLIENT_IP_HEADER?.trim().toLowerCase();
  return { fromServer: raw.TARIFFWATCH_SERVER === "1", platformHeader: platform || undefined };
}

/**
 * Whether X-Forwarded-Host names the host a visitor reached (lib/http/same-origin.ts): only
 * with a proxy of ours in front (TRUSTED_PROXY_HOPS of 1 or more), like X-Forwarded-For.
 * Without one, any client can send it; the Host header and SITE_URL stand instead.
 */
export function forwardedHostTrusted(raw: Record<string, string | undefined>): boolean {
  return Number(raw.TRUSTED_PROXY_HOPS?.trim() || "0") > 0;
}

/**
 * Diagnostics of the alert engine (docs/alerts.md): ALERT_ENGINE_EXPLAIN=1 logs the plan,
 * ALERT_ENGINE_EXPLAIN=analyze the plan as run (EXPLAIN ANALYZE, BUFFERS, rolled back before
 * the statement runs for real), ALERT_ENGINE_TIMING=1 the time of each phase.
 */
export function alertEngineDiagnostics(raw: Record<string, string | undefined>): { explain: false | "plan" | "analyze"; timing: boolean } {
  const explain = raw.ALERT_ENGINE_EXPLAIN === "1" ? "plan" : raw.ALERT_ENGINE_EXPLAIN === "analyze" ? "analyze" : false;
  return { explain, timing: raw.ALERT_ENGINE_TIMING === "1" };
}
