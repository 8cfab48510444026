// The client's address as our server (scripts/serve.mjs) computes it, before Next sees the
// request (docs/security.md). Plain JavaScript so the server can load it
// without a compiler; tests/unit/client-address.test.ts covers it.
import net from "node:net";

/** The header only our server sets (it always overwrites what a client sent). */
export const CLIENT_IP_HEADER_NAME = "x-tw-client-ip";

/** "::ffff:203.0.113.9" -> "203.0.113.9"; anything that is not an IP address -> "". */
export function normalizeAddress(value) {
  let v = String(value ?? "").trim();
  if (v.startsWith("[") && v.includes("]")) v = v.slice(1, v.indexOf("]"));
  if (/^::ffff:\d+\.\d+\.\d+\.\d+$/i.test(v)) v = v.slice(7);
  return net.isIP(v) ? v.toLowerCase() : "";
}

/**
 * TRUSTED_PROXY_HOPS: how many proxies of ours stand in front of the app, each appending
 * the address it saw to X-Forwarded-For. 0 (default, local) = the socket address.
 * Throws with a message for anything but a whole number from 0 to 10.
 */
export function parseTrustedProxyHops(raw) {
  const value = String(raw ?? "").trim();
  if (value === "") return 0;
  if (!/^\d+$/.test(value) || Number(value) > 10) {
    throw new Error(`TRUSTED_PROXY_HOPS must be a whole number from 0 to 10 (the proxies in front of the app; 0 = none), not "${value}".`);
  }
  return Number(value);
}

/**
 * The client's address: with 0 hops the socket's peer; with N hops the Nth entry of
 * X-Forwarded-For counted from the right (the one our outermost proxy wrote). Entries a
 * client wrote itself sit further left and are never read. When the header has fewer
 * entries than hops, the left-most one (the furthest our proxies saw). An entry that is
 * not an IP address falls back to the socket address.
 */
export function resolveClientAddress(socketAddress, forwardedFor, hops) {
  const socket = normalizeAddress(socketAddress) || "unknown";
  if (!hops) return socket;
  const header = Array.isArray(forwardedFor) ? forwardedFor.join(",") : String(forwardedFor ?? "");
  const entries = header.split(",").map((e) => e.trim()).filter(Boolean);
  if (entries.length === 0) return socket;
  const entry = entries[Math.max(0, entries.length - hops)];
  return normalizeAddress(entry) || socket;
}

/** Overwrites the client header of a node:http request (whatever the client sent under that name). */
export function stampClientAddress(req, hops) {
  req.headers[CLIENT_IP_HEADER_NAME] = resolveClientAddress(req.socket?.remoteAddress, req.headers["x-forwarded-for"], hops);
}
