import "server-only";
import { NextResponse, type NextRequest } from "next/server";
import { changeFeed } from "@/lib/db/change-feed";
import { getEnv } from "@/lib/env";
import { ownOrigin, rawEnv } from "@/lib/env/runtime";
import { AnswerCache, ANSWER_TTL_MS, answerKey, beginFill, bodyWithNonce, FILL_HEADER, isCacheableRequest, keepable, keptAnswer, placeholderNonce, type KeptAnswer } from "./answer-cache";
import { contentSecurityPolicy, newNonce } from "./csp.mjs";

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

export async function signedInAnswer(request: NextRequest, token: string | null): Promise<NextResponse | null> {
  if (!token) return null;
  const { pathname, search, searchParams } = request.nextUrl;
  if (!isCacheableRequest(request.method, pathname, searchParams, request.headers)) return null;
  const feed = changeFeed();
  const origin = ownOrigin();
  if (!feed.live || !origin || !getEnv().signedInCache) return null;

  const key = answerKey(token, `${pathname}${search}`);
  const now = Date.now();
  const kept = answers().get(key, feed.generation, now);
  if (kept) return send(kept, pathname);

  // A miss: the page itself renders it, on this server, as a fill.
  const generation = feed.generation;
  const fill = beginFill();
  let status: number;
  let headers: Headers;
  let body: Buffer;
  let until: number;
  try {
    const forwarded = new Headers();
    request.headers.forEach((value, name) => {
      if (!NOT_FORWARDED.has(name)) forwarded.set(name, value);
    });
    forwarded.set(FILL_HEADER, fill.header);
    forwarded.set("accept-encoding", "identity");
    const response = await fetch(`${origin}${pathname}${search}`, { headers: forwarded, redirect: "manual", cache: "no-store" });
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
  return send(answer, pathname);
}

/** A kept answer; a page's with a fresh nonce in its body and its policy (a call's policy has none). */
function send(answer: KeptAnswer, pathname: string): NextResponse {
  if (pathname.startsWith("/api/")) return respond(answer, new Headers(answer.headers), "");
  // The nonce stands in the body, in the policy and in the Link header's preloads.
  const nonce = newNonce();
  const placeholder = placeholderNonce();
  const headers = new Headers();
  for (const [name, value] of answer.headers) headers.append(name, value.includes(placeholder) ? value.split(placeholder).join(nonce) : value);
  headers.set("Content-Security-Policy", contentSecurityPolicy({ nonce, dev: rawEnv().NODE_ENV === "development" }));
  return respond(answer, headers, nonce);
}

function respond(answer: KeptAnswer, headers: Headers, nonce: string): NextResponse {
  const body = bodyWithNonce(answer, nonce);
  return new NextResponse(new Uint8Array(body.buffer as ArrayBuffer, body.byteOffset, body.length), { status: answer.status, headers });
}
