import { z } from "zod";
import { ApiError, defineRoute } from "@/lib/http/route";
import { defineWebhook } from "@/lib/http/webhook";
import { setupTestDatabase } from "../helpers/test-database";

/**
 * The route frame's declared options (lib/http/route.ts, docs/security.md "The route
 * frame") and the webhook frame's sequence (lib/http/webhook.ts), on small routes declared
 * here: what a caller gets for each content type, an optional body, a query checked before
 * the body, several rate limits, the `{error}` shape, and a provider event recorded once.
 */
const db = setupTestDatabase();

let n = 0;
const ip = () => `203.0.113.${(n += 1)}`;
const post = (url: string, body: BodyInit | undefined, type?: string, headers: Record<string, string> = {}) =>
  new Request(`http://localhost${url}`, { method: "POST", headers: { "x-forwarded-for": ip(), ...(type ? { "content-type": type } : {}), ...headers }, body });

describe("content types", () => {
  const form = defineRoute({ name: "t-form", auth: "public", contentType: "form", bodyLimit: 256, body: z.object({ word: z.literal("yes", { error: "say yes" }) }) }, async ({ body }) => ({ got: body.word }));

  it("reads urlencoded and multipart forms, and refuses other types with 415", async () => {
    expect(await (await form(post("/f", "word=yes&word=no", "application/x-www-form-urlencoded"))).json()).toEqual({ got: "yes" });
    const multipart = new FormData();
    multipart.set("word", "yes");
    expect((await form(new Request("http://localhost/f", { method: "POST", body: multipart }))).status).toBe(200);
    const json = await form(post("/f", JSON.stringify({ word: "yes" }), "application/json"));
    expect(json.status).toBe(415);
    expect(await json.json()).toEqual({ message: expect.stringContaining("form") });
  });

  it("answers a wrong field with a message for it, a broken multipart and an oversized form with 400 and 413", async () => {
    const wrong = await form(post("/f", "word=no", "application/x-www-form-urlencoded"));
    expect({ status: wrong.status, body: await wrong.json() }).toEqual({ status: 400, body: { message: "say yes", errors: { word: "say yes" } } });
    expect((await form(post("/f", "--x\r\ngarbage", "multipart/form-data; boundary=x"))).status).toBe(400);
    expect((await form(post("/f", `word=${"y".repeat(300)}`, "application/x-www-form-urlencoded"))).status).toBe(413);
  });

  it("takes an optional JSON body: empty with no content type, else JSON as usual", async () => {
    const optional = defineRoute({ name: "t-optional", auth: "public", body: z.object({ key: z.string() }).optional() }, async ({ body }) => ({ key: body?.key ?? null }));
    expect(await (await optional(post("/o", undefined))).json()).toEqual({ key: null });
    expect(await (await optional(post("/o", "  ", "text/plain"))).json()).toEqual({ key: null });
    expect(await (await optional(post("/o", '{"key":"k"}', "application/json"))).json()).toEqual({ key: "k" });
    expect((await optional(post("/o", "key=k", "text/plain"))).status).toBe(415);
    expect((await optional(post("/o", "{", "application/json"))).status).toBe(400);
  });

  it("checks the query before the body", async () => {
    const both = defineRoute(
      { name: "t-both", auth: "public", query: z.object({ token: z.string({ error: "token missing" }) }), body: z.object({ a: z.string() }) },
      async () => ({ ok: true }),
    );
    const response = await both(post("/b", "not json", "text/plain"));
    expect({ status: response.status, body: await response.json() }).toEqual({ status: 400, body: { message: "token missing", errors: { token: "token missing" } } });
  });
});

describe("answers", () => {
  it("sends the {error} shape with errorKey, no-store on every error, and a 500 without internals", async () => {
    const spy = jest.spyOn(console, "error").mockImplementation(() => undefined);
    try {
      const route = defineRoute({ name: "t-pay", auth: "public", errorKey: "error", query: z.object({ fail: z.string().optional() }) }, async ({ query }) => {
        if (query.fail === "typed") throw new ApiError(409, "Taken.", { email: "Taken" }, { "X-Why": "taken" });
        throw new Error("secret internals");
      });
      const typed = await route(new Request("http://localhost/p?fail=typed"));
      expect({ status: typed.status, body: await typed.json(), why: typed.headers.get("x-why"), cache: typed.headers.get("cache-control") }).toEqual({
        status: 409,
        body: { error: "Taken.", errors: { email: "Taken" } },
        why: "taken",
        cache: "no-store",
      });
      const crash = await route(new Request("http://localhost/p"));
      expect(crash.status).toBe(500);
      expect(JSON.stringify(await crash.json())).not.toContain("secret internals");
      expect(spy).toHaveBeenCalledWith("[t-pay] unexpected error", expect.any(Error));
    } finally {
      spy.mockRestore();
    }
  });

  it("can be called without a request for a plain GET", async () => {
    const route = defineRoute({ name: "t-plain", auth: "public", cacheControl: "no-store" }, async ({ request }) => ({ method: request.method }));
    const response = await route();
    expect({ body: await response.json(), cache: response.headers.get("cache-control") }).toEqual({ body: { method: "GET" }, cache: "no-store" });
  });
});

describe("several rate limits", () => {
  it("takes each rule in its own bucket, in order, and answers the first one spent with 429 and Retry-After", async () => {
    const route = defineRoute(
      { name: `t-limits-${Date.now()}`, auth: "public", rateLimit: [{ capacity: 5, refillMs: 60_000 }, { capacity: 2, refillMs: 60_000 }] },
      async () => ({ ok: true }),
    );
    const call = () => route(new Request("http://localhost/l", { headers: { "x-forwarded-for": "198.51.100.77" } }));
    expect((await call()).status).toBe(200);
    expect((await call()).status).toBe(200);
    const third = await call();
    expect(third.status).toBe(429);
    expect(Number(third.headers.get("retry-after"))).toBeGreaterThan(0);
  });
});

describe("the webhook frame", () => {
  type Event = { id: string; type: string };
  let configured = true;
  let failSideEffect = false;
  const applied: string[] = [];
  const sideEffects: string[] = [];
  const handlers: Record<string, (tx: unknown, event: Event) => Promise<string | void>> = {
    "thing.done": async (_tx, event) => {
      applied.push(event.id);
      return event.id;
    },
  };
  const hook = defineWebhook<{ secret: string }, Event, string>({
    provider: "stripe",
    label: "Test",
    client: () => (configured ? { secret: "s3cret" } : null),
    signatureHeaders: ["Test-Signature"],
    verify: async ({ client, raw, signature }) => {
      if (signature["Test-Signature"] !== client.secret) throw new ApiError(400, "Invalid signature.");
      return JSON.parse(raw.toString("utf8")) as Event;
    },
    record: (event, raw) => ({ eventId: event.id, type: event.type, createdAt: new Date(0), payload: JSON.parse(raw.toString("utf8")) as object }),
    skip: (event) => (event.type === "old.version" ? { reason: "Old.", log: "old version" } : null),
    handlers,
    afterCommit: async (_event, followUp) => {
      if (failSideEffect) throw new Error("mail server down");
      if (followUp) sideEffects.push(followUp);
    },
  });
  const deliver = (event: Event, headers: Record<string, string> = { "Test-Signature": "s3cret" }, type = "application/json") =>
    hook(new Request("http://localhost/api/webhooks/test", { method: "POST", headers: { "content-type": type, ...headers }, body: JSON.stringify(event) }));

  beforeEach(() => {
    configured = true;
    failSideEffect = false;
    applied.length = 0;
    sideEffects.length = 0;
  });

  it("refuses in order: not configured 503, missing signature header 400, not JSON 415, bad signature 400", async () => {
    const e = { id: "evt_1", type: "thing.done" };
    configured = false;
    expect(await (await deliver(e)).json()).toEqual({ error: "Test webhooks are not configured." });
    configured = true;
    const missing = await deliver(e, {});
    expect({ status: missing.status, body: await missing.json() }).toEqual({ status: 400, body: { error: "Missing Test-Signature header." } });
    expect((await deliver(e, undefined, "text/plain")).status).toBe(415);
    expect((await deliver(e, { "Test-Signature": "forged" })).status).toBe(400);
    expect(await db.prisma.providerEvent.count()).toBe(0);
  });

  it("records an event once, applies it once, and runs its side effect on every delivery", async () => {
    const e = { id: "evt_2", type: "thing.done" };
    expect(await (await deliver(e)).json()).toEqual({ received: true, duplicate: false, handled: true });
    expect(await (await deliver(e)).json()).toEqual({ received: true, duplicate: true, handled: true });
    expect(applied).toEqual(["evt_2"]);
    expect(sideEffects).toEqual(["evt_2"]);
    expect(await (await deliver({ id: "evt_3", type: "unknown.kind" })).json()).toEqual({ received: true, duplicate: false, handled: false });
    expect(await db.prisma.providerEvent.count()).toBe(2);
  });

  it("answers 500 when a side effect fails, so the provider's redelivery completes it", async () => {
    const spy = jest.spyOn(console, "error").mockImplementation(() => undefined);
    try {
      failSideEffect = true;
      const first = await deliver({ id: "evt_4", type: "thing.done" });
      expect({ status: first.status, body: await first.json() }).toEqual({ status: 500, body: { error: "Processing failed; please retry." } });
    } finally {
      spy.mockRestore();
    }
    failSideEffect = false;
    expect((await deliver({ id: "evt_4", type: "thing.done" })).status).toBe(200);
    expect(applied).toEqual(["evt_4"]);
  });

  it("records a skipped event unprocessed, once", async () => {
    const warn = jest.spyOn(console, "warn").mockImplementation(() => undefined);
    try {
      const e = { id: "evt_5", type: "old.version" };
      expect(await (await deliver(e)).json()).toEqual({ received: true, skipped: true, reason: "Old." });
      expect((await deliver(e)).status).toBe(200);
      expect(warn).toHaveBeenCalledWith(expect.stringContaining("old version"));
    } finally {
      warn.mockRestore();
    }
    const rows = await db.prisma.providerEvent.findMany();
    expect(rows.map((r) => ({ id: r.eventId, processed: r.processedAt !== null }))).toEqual([{ id: "evt_5", processed: false }]);
  });
});
