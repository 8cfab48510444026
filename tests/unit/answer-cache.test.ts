/**
 * Answers from memory (lib/http/answer-cache.ts, docs/performance.md "Answers from memory"):
 * what may be kept, for whom, for how long, and that each answer sent carries its own nonce.
 */
import {
  AnswerCache,
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
  vouchUntilAccessChanges,
} from "@/lib/http/answer-cache";

const NOW = new Date("2026-11-26T12:00:00Z");

function answer(body: string, generation: number, expiresAt = NOW.getTime() + 60_000) {
  return keptAnswer(200, new Headers({ "content-type": "text/html", "set-cookie": "x=1", date: "then" }), Buffer.from(body), generation, expiresAt);
}

describe("which requests are answered from memory", () => {
  const get = (path: string, headers: Record<string, string> = {}, method = "GET") => {
    const url = new URL(path, "http://x");
    return isCacheableRequest(method, url.pathname, url.searchParams, new Headers(headers));
  };
  it("a subscriber's pages and calls, by GET, as documents", () => {
    for (const p of ["/account", "/watchlist", "/watchlist/abc", "/alerts", "/alerts/mine", "/alerts/mine/a1", "/api/account", "/api/watchlist", "/api/watchlist/abc"]) {
      expect(get(p)).toBe(true);
    }
  });
  it("never a change, a client-router request, the market view, nor another address", () => {
    expect(get("/account", {}, "POST")).toBe(false);
    expect(get("/account", { rsc: "1" })).toBe(false);
    expect(get("/watchlist", { "next-router-prefetch": "1" })).toBe(false);
    expect(get("/watchlist?_rsc=abc")).toBe(false);
    expect(get("/alerts?view=market")).toBe(false);
    for (const p of ["/api/account/export", "/admin", "/api/admin/stats", "/account/x", "/watchlist/a/b", "/"]) expect(get(p)).toBe(false);
  });
});

describe("public calls kept for everyone", () => {
  it("the dashboard and the newsletter count, by GET without a query", () => {
    expect(isPublicKeptRequest("GET", "/api/economic/dashboard", "")).toBe(true);
    expect(isPublicKeptRequest("GET", "/api/newsletter/stats", "")).toBe(true);
  });
  it("never another method, a query (each would be one more kept answer), nor another call", () => {
    expect(isPublicKeptRequest("HEAD", "/api/economic/dashboard", "")).toBe(false);
    expect(isPublicKeptRequest("POST", "/api/newsletter/stats", "")).toBe(false);
    expect(isPublicKeptRequest("GET", "/api/newsletter/stats", "?x=1")).toBe(false);
    for (const p of ["/api/economic/details", "/api/newsletter", "/api/account", "/api/economic/dashboard/x"]) expect(isPublicKeptRequest("GET", p, "")).toBe(false);
  });
  it("one key for everyone, apart from every session's", () => {
    expect(publicAnswerKey("/api/newsletter/stats")).toBe(publicAnswerKey("/api/newsletter/stats"));
    expect(answerKey("public", "/api/newsletter/stats")).not.toBe(publicAnswerKey("/api/newsletter/stats"));
  });
  it("keeps the ETag and Cache-Control a 304 repeats", () => {
    const kept = keptAnswer(200, new Headers({ etag: '"v1"', "cache-control": "public, s-maxage=60" }), Buffer.from("{}"), 1, NOW.getTime() + 60_000);
    expect(kept.etag).toBe('"v1"');
    expect(kept.cacheControl).toBe("public, s-maxage=60");
  });
});

describe("fills", () => {
  it("only this process's secret marks a fill, and only a fill in progress takes a vouch", () => {
    const fill = beginFill();
    const headers = new Headers({ [FILL_HEADER]: fill.header });
    expect(fillIdOf(headers)).not.toBeNull();
    expect(fillIdOf(new Headers({ [FILL_HEADER]: `forged.${fill.header.split(".")[1]}` }))).toBeNull();
    expect(fillIdOf(new Headers())).toBeNull();

    const sessionEnds = new Date(NOW.getTime() + 30 * 86_400_000);
    const trialEnds = new Date(NOW.getTime() + 3 * 86_400_000);
    vouchUntilAccessChanges(headers, NOW, sessionEnds, { trialEndsAt: trialEnds, endsAt: null });
    expect(fill.end()).toBe(trialEnds.getTime());
    // Over: a replay of the same header vouches for nothing.
    vouchUntilAccessChanges(headers, NOW, sessionEnds, { trialEndsAt: null, endsAt: null });
    expect(fill.end()).toBe(0);
  });

  it("a fill nobody vouched for ends with nothing; past dates do not shorten the vouch", () => {
    const unvouched = beginFill();
    expect(unvouched.end()).toBe(0);
    const fill = beginFill();
    const sessionEnds = new Date(NOW.getTime() + 86_400_000);
    vouchUntilAccessChanges(new Headers({ [FILL_HEADER]: fill.header }), NOW, sessionEnds, { trialEndsAt: new Date(NOW.getTime() - 1), endsAt: null });
    expect(fill.end()).toBe(sessionEnds.getTime());
  });
});

describe("a kept answer", () => {
  it("drops per-response headers and puts a fresh nonce wherever the placeholder stood", () => {
    const p = placeholderNonce();
    const kept = answer(`<script nonce="${p}">a</script><script nonce="${p}">b</script>`, 1);
    expect(kept.headers).toEqual([["content-type", "text/html"]]);
    expect(bodyWithNonce(kept, "N1").toString()).toBe('<script nonce="N1">a</script><script nonce="N1">b</script>');
    expect(bodyWithNonce(kept, "N2").toString()).toBe('<script nonce="N2">a</script><script nonce="N2">b</script>');
  });

  it("an error view or an errored stream is never kept", () => {
    expect(keepable(Buffer.from("<main>fine</main>"))).toBe(true);
    expect(keepable(Buffer.from('<main data-answer-cache="never">Your account could not be loaded</main>'))).toBe(false);
    expect(keepable(Buffer.from("<div><!--$!--><template data-dgst=\"1\"></template></div>"))).toBe(false);
    expect(keepable(Buffer.from('self.__next_f.push([1,"7:E{\\"digest\\":\\"123\\"}"])'))).toBe(false);
  });

  it("is keyed by the session token's hash, never the token", () => {
    const key = answerKey("secret-token-value-1234567890", "/account");
    expect(key).not.toContain("secret-token");
    expect(key).toMatch(/ \/account$/);
    expect(answerKey("another-token-value-1234567890", "/account")).not.toBe(key);
  });
});

describe("the cache", () => {
  it("serves an answer until it expires, and nothing once the change feed moves", () => {
    const cache = new AnswerCache();
    expect(cache.set("k", answer("a", 5), 5)).toBe(true);
    expect(cache.get("k", 5, NOW.getTime())?.parts[0]!.toString()).toBe("a");
    expect(cache.get("k", 5, NOW.getTime() + 60_000)).toBeNull();
    cache.set("k", answer("b", 5), 5);
    expect(cache.get("k", 6, NOW.getTime())).toBeNull();
    expect(cache.size.entries).toBe(0);
  });

  it("does not keep an answer read under an earlier generation (a write came while it rendered)", () => {
    const cache = new AnswerCache();
    expect(cache.set("k", answer("old", 5), 6)).toBe(false);
    expect(cache.get("k", 6, NOW.getTime())).toBeNull();
  });

  it("holds at most its bytes, dropping the least recently used", () => {
    const one = answer("x".repeat(1000), 1);
    const cache = new AnswerCache(one.bytes * 2);
    cache.set("a", one, 1);
    cache.set("b", answer("x".repeat(1000), 1), 1);
    cache.get("a", 1, NOW.getTime());
    cache.set("c", answer("x".repeat(1000), 1), 1);
    expect(cache.get("b", 1, NOW.getTime())).toBeNull();
    expect(cache.get("a", 1, NOW.getTime())).not.toBeNull();
    expect(cache.get("c", 1, NOW.getTime())).not.toBeNull();
    expect(cache.size.bytes).toBeLessThanOrEqual(one.bytes * 2);
  });
});
