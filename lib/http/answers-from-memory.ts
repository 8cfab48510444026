import "server-only";
import { NextResponse, type NextRequest } from "next/server";
import { changeFeed } from "@/lib/db/change-feed";
import { answersFromMemoryOn } from "@/lib/env/answers-from-memory";
import { ownOrigin, rawEnv } from "@/lib/env/runtime";
import {
  AnswerCache,
  ANSWER_TTL_MS,
  answerKey,
  beginFill,
  bodyWithNonce,
  FILL_HEADER,
  fillIdOf,
  isCacheableRequest,
  isPublicKeptRequest,
  keepable,
  keptAnswer,
  placeholderNonce,
  publicAnswerKey,
  type KeptAnswer,
} from "./answer-cache";
import { contentSecurityPolicy, newNonce } from "./csp.mjs";

/**
 * The request guard's side of lib/http/answer-cache.ts: answers a GET from memory, or fills the
 * memory by asking this server for the page or call, or says null (go on as usual: the feed is
 * not live, the cache is off, the address is not kept, the request is itself a fill, the fill
 * did not give a 200 that may be kept).
 */
const holder = globalThis as typeof globalThis & { __tariffwatchAnswers?: AnswerCache };
const answers = () => (holder.__tariffwatchAnswers ??= new AnswerCache());

/**
 * Request headers a fill does not pass on: per connection, the body's, our own fill mark,
 * compression (the fill reads plain bytes), and the conditionals (the fill keeps the whole
 * answer; a 304 is decided when an answer is sent).
 */
const NOT_FORWARDED = new Set(["host", "connection", "keep-alive", "content-length", "transfer-encoding", "accept-encoding", "if-none-match", "if-modified-since", FILL_HEADER]);

/** Fills under way, by key: concurrent misses of one answer wait for one render. */
const filling = new Map<string, Promise<KeptAnswer | null>>();

/** A subscriber's page or call, kept per session (the page or handler vouches for it). */
export async function signedInAnswer(request: NextRequest, token: string | null): Promise<NextResponse | null> {
  if (!token || fillIdOf(request.headers)) return null;
  const { pathname, search, searchParams } = request.nextUrl;
  if (!isCacheableRequest(request.method, pathname, searchParams, request.headers) || !ready()) return null;
  return answerFor(request, answerKey(token, `${pathname}${search}`), "vouched");
}

/**
 * A public call that is the same for everyone (lib/http/answer-cache.ts isPublicKeptRequest):
 * kept once for all, until the database changes or 60 s pass.
 */
export async function publicAnswer(request: NextRequest): Promise<NextResponse | null> {
  if (fillIdOf(request.headers)) return null;
  const { pathname, search } = request.nextUrl;
  if (!isPublicKeptRequest(request.method, pathname, search) || !ready()) return null;
  return answerFor(request, publicAnswerKey(pathname), "public");
}

/** Whether answers may be kept now: the cache is on and the change feed is live. */
function ready(): boolean {
  return changeFeed().live && answersFromMemoryOn();
}

async function answerFor(request: NextRequest, key: string, kind: "vouched" | "public"): Promise<NextResponse | null> {
  const kept = answers().get(key, changeFeed().generation, Date.now());
  if (kept) return send(kept, request, "memory");

  // A miss: the page or handler itself renders it, on this server, as a fill (one at a time per key).
  let fill = filling.get(key);
  if (!fill) {
    fill = fillAnswer(request, key, kind).finally(() => filling.delete(key));
    filling.set(key, fill);
  }
  const answer = await fill;
  return answer ? send(answer, request, "filled") : null;
}

/** Asks this server for the answer as a fill, and keeps it if it may be kept. */
async function fillAnswer(request: NextRequest, key: string, kind: "vouched" | "public"): Promise<KeptAnswer | null> {
  const { pathname, search } = request.nextUrl;
  const now = Date.now();
  const generation = changeFeed().generation;
  const fill = beginFill();
  let status: number;
  let headers: Headers;
  let body: Buffer<ArrayBuffer>;
  let until: number;
  try {
    // A public fill carries no credential of the visitor: its answer is everyone's.
    const forwarded = new Headers();
    if (kind === "vouched") {
      request.headers.forEach((value, name) => {
        if (!NOT_FORWARDED.has(name)) forwarded.set(name, value);
      });
    }
    forwarded.set(FILL_HEADER, fill.header);
    forwarded.set("accept-encoding", "identity");
    const response = await fetch(`${ownOrigin()}${pathname}${search}`, { headers: forwarded, redirect: "manual", cache: "no-store" });
    status = response.status;
    headers = response.headers;
    body = Buffer.from(await response.arrayBuffer());
  } catch (error) {
    console.error("[answers] could not fill from this server", error instanceof Error ? error.message : error);
    return null;
  } finally {
    until = fill.end();
  }
  // Only a 200 that sets no cookie and shows no error view, and, for a subscriber's answer, that
  // the page's own session check vouched for; anything else is rendered again the usual way (a
  // redirect, a 404, a 500, a 503 while the data cannot be read).
  if (kind === "public") until = now + ANSWER_TTL_MS;
  if (status !== 200 || until === 0 || headers.has("set-cookie") || !keepable(body)) return null;
  const answer = keptAnswer(status, headers, body, generation, Math.min(until, now + ANSWER_TTL_MS));
  answers().set(key, answer, changeFeed().generation);
  return answer;
}

/**
 * A kept answer; a page's with a fresh nonce in its body and its policy (a call's policy has
 * none), a call's as a 304 when the client already has its ETag. ANSWER_HEADER says which:
 * "memory" (kept) or "filled" (rendered for this request).
 */
function send(answer: KeptAnswer, request: NextRequest, how: "memory" | "filled"): NextResponse {
  if (request.nextUrl.pathname.startsWith("/api/")) {
    if (answer.etag && sameEtag(request.headers.get("if-none-match"), answer.etag)) {
      const headers = new Headers({ ETag: answer.etag, [ANSWER_HEADER]: how });
      if (answer.cacheControl) headers.set("Cache-Control", answer.cacheControl);
      return new NextResponse(null, { status: 304, headers });
    }
    return respond(answer, new Headers(answer.headers), "", how);
  }
  // The nonce stands in the body, in the policy and in the Link header's preloads.
  const nonce = newNonce();
  const placeholder = placeholderNonce();
  const headers = new Headers();
  for (const [name, value] of answer.headers) headers.append(name, value.includes(placeholder) ? value.split(placeholder).join(nonce) : value);
  const [before, after] = pagePolicy();
  headers.set("Content-Security-Policy", `${before}${nonce}${after}`);
  return respond(answer, headers, nonce, how);
}

/** If-None-Match names this ETag (one of a list, or `*`). */
function sameEtag(ifNoneMatch: string | null, etag: string): boolean {
  return ifNoneMatch !== null && ifNoneMatch.split(",").some((tag) => tag.trim() === etag || tag.trim() === "*");
}

export const ANSWER_HEADER = "x-tariffwatch-answer";

/** The page policy around its nonce, written once (lib/http/csp.mjs contentSecurityPolicy). */
let policyParts: [string, string] | null = null;
function pagePolicy(): [string, string] {
  if (!policyParts) {
    const mark = placeholderNonce();
    const policy = contentSecurityPolicy({ nonce: mark, dev: rawEnv().NODE_ENV === "development" });
    const at = policy.indexOf(mark);
    policyParts = [policy.slice(0, at), policy.slice(at + mark.length)];
  }
  return policyParts;
}

function respond(answer: KeptAnswer, headers: Headers, nonce: string, how: "memory" | "filled"): NextResponse {
  const body = bodyWithNonce(answer, nonce);
  headers.set(ANSWER_HEADER, how);
  // Its length, so the bytes go out in one piece rather than chunked (compression, when the
  // client asks for it, drops the header and chunks).
  headers.set("Content-Length", String(body.length));
  return new NextResponse(asStream(body), { status: answer.status, headers });
}

/**
 * The bytes as a one-chunk stream. A Response made from the bytes themselves copies them
 * (undici's body extraction): measured on this machine, 97 us for a 45 kB page and 605 us for
 * a 127 kB one, against 10-16 us as a stream, which is sent as it is (docs/performance.md
 * "Answers from memory").
 */
function asStream(bytes: Uint8Array): ReadableStream<Uint8Array> {
  return new ReadableStream({
    start(controller) {
      controller.enqueue(bytes);
      controller.close();
    },
  });
}
