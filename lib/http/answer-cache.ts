import "server-only";
import { createHash, timingSafeEqual } from "node:crypto";
import { newNonce } from "./csp.mjs";

/**
 * Answers from memory (docs/performance.md, "Answers from memory").
 *
 * A subscriber's page or call (GET /account, /watchlist, /watchlist/<id>, /alerts/mine...,
 * /api/account, /api/watchlist...) is a function of their session, the database and the
 * clock. The request guard (proxy.ts) keeps each answer it has served in memory, keyed by
 * the session token's hash and the address, and serves it again while all of these hold:
 * - the database's change feed is live and has reported no write since the answer was read
 *   (lib/db/change-feed.ts: any committed write to a table a subscriber page may read);
 * - the page or handler vouched for it: its own session check passed on that request
 *   (`vouchUntilAccessChanges`, called by lib/accounts/page-guard.ts and the route frame), and it named
 *   how long the answer can stand (the session's expiry, the next change of access);
 * - at most ANSWER_TTL_MS have passed (what the clock alone changes: "3 days left").
 *
 * The public calls of PUBLIC_KEPT are kept the same way, once for everyone, with nothing to
 * vouch for: until the generation moves or ANSWER_TTL_MS pass.
 *
 * A miss is filled by asking this same server for the page (`fillRequest`), marked with this
 * process's secret so the guard lets it through to the page and the page can vouch, and with
 * a placeholder nonce; every answer sent from memory gets a fresh nonce in its body and in
 * its Content-Security-Policy. Only a 200 that was vouched for and sets no cookie is kept.
 */
export const ANSWER_TTL_MS = 60_000;
export const ANSWER_CACHE_MAX_BYTES = 64 * 1024 * 1024;
/** The header of a fill request: `<process secret>.<fill id>`. */
export const FILL_HEADER = "x-tariffwatch-fill";

/** Signed-in GET addresses whose answers are kept (pages and calls of one subscriber). */
const CACHEABLE = /^\/(account|watchlist|watchlist\/[^/]+|alerts|alerts\/mine|alerts\/mine\/[^/]+|api\/account|api\/watchlist|api\/watchlist\/[^/]+)$/;

/**
 * Public calls kept once for everyone: each reads no credential, cookie or query, so its answer
 * is a function of the database and the clock alone, and none spends a rate limit. The
 * economic dashboard (its bytes and ETag come from lib/economy's own cache; a CDN may keep it
 * 60 s) and the newsletter's live count (one count query a request otherwise).
 */
const PUBLIC_KEPT = /^\/api\/(economic\/dashboard|newsletter\/stats)$/;

/** Headers of a kept answer that are never stored: per connection, per response, or Next's own signals. */
const NOT_KEPT = new Set(["date", "connection", "keep-alive", "transfer-encoding", "content-length", "content-encoding", "set-cookie"]);

type Secrets = { secret: string; placeholder: string; fills: Map<string, number>; nextFill: number };
const holder = globalThis as typeof globalThis & { __tariffwatchAnswerSecrets?: Secrets };

/** This process's fill secret and placeholder nonce (on globalThis: the guard and the pages are bundled apart). */
function secrets(): Secrets {
  holder.__tariffwatchAnswerSecrets ??= { secret: newNonce().replace(/[^A-Za-z0-9]/g, ""), placeholder: newNonce(), fills: new Map(), nextFill: 1 };
  return holder.__tariffwatchAnswerSecrets;
}

/** The nonce a fill request renders with; replaced by a fresh one in every answer sent. */
export function placeholderNonce(): string {
  return secrets().placeholder;
}

/** Whether this GET may be answered from memory: a kept address, a document or call (never a client-router request). */
export function isCacheableRequest(method: string, pathname: string, searchParams: URLSearchParams, headers: Headers): boolean {
  if (method !== "GET" || !CACHEABLE.test(pathname)) return false;
  if (headers.has("rsc") || headers.has("next-router-state-tree") || headers.has("next-router-prefetch") || searchParams.has("_rsc")) return false;
  // /alerts?view=market is the public dashboard, served without a session.
  return !(pathname === "/alerts" && searchParams.get("view") === "market");
}

/** Whether this GET is one of the public calls kept for everyone (no query: any query is answered fresh). */
export function isPublicKeptRequest(method: string, pathname: string, search: string): boolean {
  return method === "GET" && search === "" && isPublicKeptPath(pathname);
}

/** Whether this path is one of the public calls kept for everyone (proxy.ts's matcher names them too). */
export function isPublicKeptPath(pathname: string): boolean {
  return PUBLIC_KEPT.test(pathname);
}

/** The fill id of a request this process sent to itself, or null (a missing or forged header). */
export function fillIdOf(headers: Headers): string | null {
  const value = headers.get(FILL_HEADER);
  if (!value) return null;
  const dot = value.indexOf(".");
  if (dot < 0) return null;
  const given = Buffer.from(value.slice(0, dot));
  const expected = Buffer.from(secrets().secret);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  return value.slice(dot + 1) || null;
}

/**
 * Called by a page's or handler's own session check when it passed: the answer this request
 * renders may be kept until `until` (the earliest of the session's expiry and the next change
 * of the subscriber's access by the clock). A request that is not a fill does nothing.
 */
function vouchForFill(headers: Headers, until: Date): void {
  const id = fillIdOf(headers);
  if (!id) return;
  const fills = secrets().fills;
  if (!fills.has(id)) return; // not a fill in progress (a replayed id)
  const previous = fills.get(id)!;
  fills.set(id, previous === 0 ? until.getTime() : Math.min(previous, until.getTime()));
}

/**
 * `vouchForFill` until the first of: the session's expiry, the end of the trial, the end of a
 * cancelled plan (the clock's changes of access, lib/entitlements accessOn). What changes by
 * the clock within a day ("3 days left") is bounded by ANSWER_TTL_MS.
 */
export function vouchUntilAccessChanges(headers: Headers, now: Date, sessionExpiresAt: Date, access: { trialEndsAt: Date | null; endsAt: Date | null }): void {
  let until = sessionExpiresAt.getTime();
  for (const d of [access.trialEndsAt, access.endsAt]) if (d && d.getTime() > now.getTime() && d.getTime() < until) until = d.getTime();
  vouchForFill(headers, new Date(until));
}

/** A fill in progress: its id (for the header) and, once it is over, what was vouched (0 = nothing). */
export function beginFill(): { header: string; end: () => number } {
  const s = secrets();
  const id = String(s.nextFill++);
  s.fills.set(id, 0);
  return {
    header: `${s.secret}.${id}`,
    end: () => {
      const until = s.fills.get(id) ?? 0;
      s.fills.delete(id);
      return until;
    },
  };
}

/** One kept answer: its status and headers (its ETag and Cache-Control apart, for a 304), and its body cut at each placeholder nonce. */
export type KeptAnswer = {
  status: number;
  headers: [string, string][];
  etag: string | null;
  cacheControl: string | null;
  parts: Buffer<ArrayBuffer>[];
  generation: number;
  expiresAt: number;
  bytes: number;
};

/** The headers and body of an answer as the fill got it, ready to keep. */
export function keptAnswer(status: number, headers: Headers, body: Buffer<ArrayBuffer>, generation: number, expiresAt: number): KeptAnswer {
  const kept: [string, string][] = [];
  headers.forEach((value, name) => {
    if (!NOT_KEPT.has(name) && !name.startsWith("x-middleware-")) kept.push([name, value]);
  });
  const placeholder = Buffer.from(placeholderNonce());
  const parts: Buffer<ArrayBuffer>[] = [];
  let from = 0;
  for (let at = body.indexOf(placeholder); at >= 0; at = body.indexOf(placeholder, from)) {
    parts.push(body.subarray(from, at));
    from = at + placeholder.length;
  }
  parts.push(body.subarray(from));
  return { status, headers: kept, etag: headers.get("etag"), cacheControl: headers.get("cache-control"), parts, generation, expiresAt, bytes: body.length + 64 * kept.length };
}

/** The body of a kept answer with `nonce` where the placeholder was (a body sendable as it is). */
export function bodyWithNonce(answer: KeptAnswer, nonce: string): Buffer<ArrayBuffer> {
  const { parts } = answer;
  if (parts.length === 1) return parts[0]!;
  // One buffer of the final length, each part and nonce written into it in place (the nonce is
  // base64: one byte a character).
  let length = nonce.length * (parts.length - 1);
  for (const part of parts) length += part.length;
  const body = Buffer.allocUnsafe(length);
  let at = parts[0]!.copy(body, 0);
  for (let i = 1; i < parts.length; i++) {
    at += body.write(nonce, at, "latin1");
    at += parts[i]!.copy(body, at);
  }
  return body;
}

/**
 * Whether the body of a fill may be kept: not when it shows an error. An error view marks
 * itself (components/site/page-error.tsx: data-answer-cache="never"); an error thrown while the
 * page streamed leaves React's errored-boundary mark (<!--$!-->) in the HTML and an error row
 * (`:E{"digest"`) in the flight data.
 */
export function keepable(body: Buffer): boolean {
  return NEVER_KEEP_MARKS.every((mark) => body.indexOf(mark) < 0);
}
const NEVER_KEEP_MARKS = [Buffer.from('data-answer-cache="never"'), Buffer.from("<!--$!-->"), Buffer.from(':E{\\"digest\\"'), Buffer.from(':E{"digest"')];

/** The key of an answer: whose session (the token's hash, never the token) and which address. */
export function answerKey(token: string, pathWithSearch: string): string {
  return `${createHash("sha256").update(token, "utf8").digest("base64url")} ${pathWithSearch}`;
}

/** The key of a public call's answer: one for everyone (a token's hash never starts with "public"). */
export function publicAnswerKey(pathname: string): string {
  return `public ${pathname}`;
}

/**
 * Kept answers, least recently used first, at most `maxBytes` in all. Everything goes when the
 * change feed's generation moves.
 */
export class AnswerCache {
  private readonly entries = new Map<string, KeptAnswer>();
  private bytes = 0;
  private generation = -1;

  constructor(private readonly maxBytes: number = ANSWER_CACHE_MAX_BYTES) {}

  get(key: string, generation: number, nowMs: number): KeptAnswer | null {
    this.follow(generation);
    const entry = this.entries.get(key);
    if (!entry) return null;
    if (entry.expiresAt <= nowMs) {
      this.drop(key, entry);
      return null;
    }
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry;
  }

  /** Keeps `answer` if it was read under the generation that is current now. */
  set(key: string, answer: KeptAnswer, generation: number): boolean {
    this.follow(generation);
    if (answer.generation !== generation || answer.bytes > this.maxBytes) return false;
    const old = this.entries.get(key);
    if (old) this.drop(key, old);
    this.entries.set(key, answer);
    this.bytes += answer.bytes;
    for (const [k, e] of this.entries) {
      if (this.bytes <= this.maxBytes) break;
      this.drop(k, e);
    }
    return true;
  }

  get size(): { entries: number; bytes: number } {
    return { entries: this.entries.size, bytes: this.bytes };
  }

  private follow(generation: number) {
    if (generation === this.generation) return;
    this.entries.clear();
    this.bytes = 0;
    this.generation = generation;
  }

  private drop(key: string, entry: KeptAnswer) {
    this.entries.delete(key);
    this.bytes -= entry.bytes;
  }
}
