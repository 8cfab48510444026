import "server-only";
import { getEnv } from "@/lib/env";
import { rawEnv } from "@/lib/env/runtime";
import { forwardedHostTrusted } from "@/lib/env/security";

/**
 * State changes come from our own pages (docs/security.md): a request
 * a browser sends from another site names that site in Origin (every POST, PUT, PATCH
 * and DELETE) and says `Sec-Fetch-Site: cross-site`. Either one refuses it, whatever its
 * content type and cookies; a text/plain form posted from another site triggers nothing.
 * A request with no Origin is not from a browser page (curl, server-to-server) and
 * cannot ride on a visitor's cookies.
 */
export const CROSS_SITE_MESSAGE = "This change must be made from TariffWatch's own pages (cross-site requests are refused).";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

function originOf(url: string): string | null {
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
}

/** Null when the request may change state; else the reason to refuse it (403). */
export function crossSiteProblem(request: Request): string | null {
  if (SAFE_METHODS.has(request.method.toUpperCase())) return null;
  if ((request.headers.get("sec-fetch-site") ?? "").toLowerCase() === "cross-site") return CROSS_SITE_MESSAGE;
  const origin = request.headers.get("origin");
  if (origin === null) return null;
  const given = originOf(origin);
  if (!given) return CROSS_SITE_MESSAGE;
  if (given === originOf(getEnv().SITE_URL)) return null;
  // The site as this request reached it (another host name of the same deployment).
  if (new URL(given).host === requestHost(request)) return null;
  return CROSS_SITE_MESSAGE;
}

/**
 * The host this request reached, lower case: X-Forwarded-Host (its right-most entry, the one
 * our nearest proxy wrote) only when a proxy of ours stands in front (forwardedHostTrusted, docs/security.md "Forwarded headers"); else the Host header.
 */
export function requestHost(request: Request): string {
  const forwarded = forwardedHostTrusted(rawEnv()) ? request.headers.get("x-forwarded-host") : null;
  const entries = (forwarded ?? "").split(",").map((e) => e.trim()).filter(Boolean);
  const host = entries[entries.length - 1] ?? request.headers.get("host") ?? new URL(request.url).host;
  return host.trim().toLowerCase();
}
