import "server-only";
import { randomBytes } from "node:crypto";
import { NextResponse, type NextRequest } from "next/server";
import { changeFeed } from "@/lib/db/change-feed";
import { ownOrigin, rawEnv } from "@/lib/env/runtime";
import { signedInAnswersOn } from "@/lib/env/signed-in-answers";
import { AnswerCache, ANSWER_TTL_MS, answerKey, beginFill, bodyWithNonce, FILL_HEADER, isCacheableRequest, keepable, keptAnswer, placeholderNonce, type KeptAnswer } from "./answer-cache";
import { contentSecurityPolicy } from "./csp.mjs";

/**
 * The request guard's side of lib/http/answer-cache.ts: answers a subscriber's GET from
 * memory, or fills the memory by asking this server for the page, or says null (go on as
 * usual: the feed is not live, the cache is off, the address is not kept, the fill did not
 * give a 200 that was vouched for).
 */
const holder = globalThis as typeof globalThis & { __tariffwatchAnswers?: AnswerCache };
const answers = () => (holder.__tariffwatchAnswers ??= new AnswerCache());

/** Request headers a fill does not pass on: per connection, the body's, our own fill mark, compression (the fill reads plain bytes). */
const NOT_FORWARDED = new Set(["host", "connection", "keep-alive", "content-length", "transfer-encoding", "accept-encoding", FILL_HEADER]);

/** Fills under way, by key: concurrent misses of one answer wait for one render. */
const filling = new Map<string, Promise<KeptAnswer | null>>();

export async function signedInAnswer(request: NextRequest, token: string | null): Promise<NextResponse | null> {
  if (!token) return null;
  const { pathname, search, searchParams } = request.nextUrl;
  if (!isCacheableRequest(request.method, pathname, searchParams, request.headers)) return null;
  const feed = changeFeed();
  if (!feed.live || !signedInAnswersOn()) return null;

  const key = answerKey(token, `${pathname}${search}`);
  const kept = answers().get(key, feed.generation, Date.now());
  if (kept) return send(kept, pathname, "memory");

  // A miss: the page itself renders it, on this server, as a fill (one at a time per key).
  let fill = filling.get(key);
  if (!fill) {
    fill = fillAnswer(request, key).finally(() => filling.delete(key));
    filling.set(key, fill);
  }
  const answer = await fill;
  return answer ? send(answer, pathname, "filled") : null;
}

/** Asks this server for the answer as a fill, and keeps it if it may be kept. */
async function fillAnswer(request: NextRequest, key: string): Promise<KeptAnswer | null> {
  const { pathname, search } = request.nextUrl;
  const now = Date.now();
  const generation = changeFeed().generation;
  const fill = beginFill();
  let status: number;
  let headers: Headers;
  let body: Buffer<ArrayBuffer>;
  let until: number;
  try {
    const forwarded = new Headers();
    request.headers.forEach((value, name) => {
      if (!NOT_FORWARDED.has(name)) forwarded.set(name, value);
    });
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
  // Only a 200 that the page's own session check vouched for, that sets no cookie and shows no
  // error view; anything else is rendered again the usual way (a redirect, a 404, a 500).
  if (status !== 200 || until === 0 || headers.has("set-cookie") || !keepable(body)) return null;
  const answer = keptAnswer(status, headers, body, generation, Math.min(until, now + ANSWER_TTL_MS));
  answers().set(key, answer, changeFeed().generation);
  return answer;
}

/**
 * A kept answer; a page's with a fresh nonce in its body and its policy (a call's policy has
 * none). ANSWER_HEADER says which: "memory" (kept) or "filled" (rendered for this request).
 */
function send(answer: KeptAnswer, pathname: string, how: "memory" | "filled"): NextResponse {
  if (pathname.startsWith("/api/")) return respond(answer, new Headers(answer.headers), "", how);
  // The nonce stands in the body, in the policy and in the Link header's preloads. 16 random
  // bytes, base64, as lib/http/csp.mjs's newNonce (the same bytes, fewer steps: this is the
  // cost of every answer sent from memory).
  const nonce = randomBytes(16).toString("base64");
  const placeholder = placeholderNonce();
  const headers = new Headers();
  for (const [name, value] of answer.headers) headers.append(name, value.includes(placeholder) ? value.split(placeholder).join(nonce) : value);
  const [before, after] = pagePolicy();
  headers.set("Content-Security-Policy", `${before}${nonce}${after}`);
  return respond(answer, headers, nonce, how);
}

export const ANSWER_HEADER = "x-tariffwatch-answer";

/** The page policy around its nonce, written once (lib/http/csp.mjs contentSecurityPolicy). */
let policyParts: [string, string] | null = null;
function pagePolicy(): [string, string] {
  if (!policyParts) {
    const mark = placeholderNonce();
    const [before, after] = contentSecurityPolicy({ nonce: mark, dev: rawEnv().NODE_ENV === "development" }).split(mark);
    policyParts = [before!, after!];
  }
  return policyParts;
}

function respond(answer: KeptAnswer, headers: Headers, nonce: string, how: "memory" | "filled"): NextResponse {
  headers.set(ANSWER_HEADER, how);
  return new NextResponse(bodyWithNonce(answer, nonce), { status: answer.status, headers });
}
