import { readdirSync, statSync } from "node:fs";
import path from "node:path";
import { DELETE as revokeKeyRoute } from "@/app/api/account/api-keys/[id]/route";
import { GET as listKeysRoute, POST as createKeyRoute } from "@/app/api/account/api-keys/route";
import { GET as alertsRoute } from "@/app/api/v1/alerts/route";
import { GET as openApiRoute } from "@/app/api/v1/openapi.json/route";
import { GET as watchlistRoute } from "@/app/api/v1/watchlist/route";
import { createSession, subscriberCookieName } from "@/lib/accounts/session";
import { csvCell, toCsv } from "@/lib/api/csv";
import { V1_MAX_LIMIT, V1_RATE_PER_MINUTE } from "@/lib/api/limits";
import { OPENAPI_DOCUMENT } from "@/lib/api/openapi";
import { newClientIp } from "../helpers/requests";
import { setupTestDatabase } from "../helpers/test-database";

/**
 * Personal API keys and /api/v1 (docs/api.md) against a real database: keys are shown
 * once and stored hashed; a key of a plan without API access gets 403, a missing or
 * revoked key 401; JSON and CSV answers (RFC 4180 quoting, formula-injection guard);
 * the per-account rate limit; the OpenAPI document describes every route.
 */
const db = setupTestDatabase();
const NOW = new Date();
const DAY = 24 * 60 * 60 * 1000;

async function subscriberWithPlan(email: string, plan: "professional" | "pro-alerts" | "consumer" | "trial") {
  const subscriber = await db.prisma.subscriber.create({ data: { email } });
  if (plan === "trial") {
    await db.prisma.freeTrial.create({
      data: { email, firstName: "T", lastName: "Rial", startDate: new Date(NOW.getTime() - DAY), endDate: new Date(NOW.getTime() + 6 * DAY), subscriberId: subscriber.id },
    });
  } else {
    await db.prisma.subscription.create({
      data: {
        provider: "stripe",
        providerSubscriptionId: `sub_${email}`,
        email,
        planId: plan,
        status: "active",
        currentPeriodEnd: new Date(NOW.getTime() + 20 * DAY),
        subscriberId: subscriber.id,
      },
    });
  }
  const { token } = await createSession(db.prisma, subscriber.id, new Date());
  return { subscriber, cookie: `${subscriberCookieName(false)}=${token}` };
}

function request(url: string, init: { method?: string; cookie?: string; key?: string; body?: unknown; ip?: string } = {}): Request {
  const headers: Record<string, string> = { "x-forwarded-for": init.ip ?? newClientIp() };
  if (init.cookie) headers.cookie = init.cookie;
  if (init.key) headers.authorization = `Bearer ${init.key}`;
  if (init.body !== undefined) headers["content-type"] = "application/json";
  return new Request(`http://localhost${url}`, {
    method: init.method ?? (init.body === undefined ? "GET" : "POST"),
    headers,
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
}

async function createKey(cookie: string, name = "Spreadsheet") {
  const response = await createKeyRoute(request("/api/account/api-keys", { cookie, body: { name } }));
  expect(response.status).toBe(201);
  return ((await response.json()) as { key: { id: string; key: string; prefix: string } }).key;
}

async function addAlertAndWatch(subscriberId: string) {
  await db.prisma.consumerCategory.create({
    data: {
      id: "footwear",
      name: "Footwear, \"shoes\"",
      htsPrefixes: ["6403", "6404"],
      referenceHts: "6403.99.60",
      pceLine: "Shoes and other footwear",
      retailMargin: 0.45,
      retailMarginSourceId: "bea-pce-bridge",
      gtapSector: "lea",
    },
  });
  const watch = await db.prisma.watch.create({
    data: { subscriberId, kind: "item", categoryId: "footwear", htsCode: "6403.99.60", name: "=HYPERLINK(\"http://evil.example\")", priceCents: 8999, thresholdPct: 3, madeIn: "CN" },
  });
  await db.prisma.subscriberAlert.create({
    data: {
      subscriberId,
      watchId: watch.id,
      dedupeKey: `${watch.id}:event-1`,
      kind: "legal-event",
      severity: "act",
      categoryId: "footwear",
      title: 'Shoes, "leather": up, again',
      reason: "+Section 122 surcharge\non line 2",
      centralPct: -1.25,
      lowPct: 0.5,
      highPct: 2.75,
      centralCents: 112,
      eventIds: ["s122:effective", "s122:rate"],
      evidence: [{ id: "central", label: "Central", value: "+1.98%", formula: null, inputs: [], sourceIds: ["fr-2026-1"] }],
      createdAt: new Date(NOW.getTime() - 60_000),
    },
  });
  return watch;
}

describe("personal API keys", () => {
  it("a Professional subscriber creates a key shown once, lists it without the key, and revokes it", async () => {
    const { subscriber, cookie } = await subscriberWithPlan("pro@example.com", "professional");
    const key = await createKey(cookie);
    expect(key.key).toMatch(/^tw_[A-Za-z0-9_-]{43}$/);
    expect(key.key.startsWith(key.prefix)).toBe(true);

    const stored = await db.prisma.apiKey.findFirstOrThrow({ where: { subscriberId: subscriber.id } });
    expect(stored.keyHash).not.toContain(key.key);
    expect(JSON.stringify(stored)).not.toContain(key.key);

    const list = await listKeysRoute(request("/api/account/api-keys", { cookie }));
    expect(list.status).toBe(200);
    const listed = await list.text();
    expect(listed).not.toContain(key.key);
    expect(JSON.parse(listed)).toEqual({ keys: [expect.objectContaining({ id: key.id, name: "Spreadsheet", prefix: key.prefix, revokedAt: null })] });

    // Another account cannot revoke it.
    const other = await subscriberWithPlan("other@example.com", "professional");
    const foreign = await revokeKeyRoute(request(`/api/account/api-keys/${key.id}`, { method: "DELETE", cookie: other.cookie }), {
      params: Promise.resolve({ id: key.id }),
    });
    expect(foreign.status).toBe(404);

    const revoked = await revokeKeyRoute(request(`/api/account/api-keys/${key.id}`, { method: "DELETE", cookie }), { params: Promise.resolve({ id: key.id }) });
    expect(revoked.status).toBe(200);
    expect(((await revoked.json()) as { key: { revokedAt: string } }).key.revokedAt).toEqual(expect.any(String));
  });

  it("a trial or Consumer subscriber gets 403 naming Professional; a visitor gets 401; a nameless key is a 400 on the field", async () => {
    for (const plan of ["trial", "consumer"] as const) {
      const { cookie } = await subscriberWithPlan(`${plan}@example.com`, plan);
      const response = await createKeyRoute(request("/api/account/api-keys", { cookie, body: { name: "x" } }));
      expect(response.status).toBe(403);
      expect(((await response.json()) as { message: string }).message).toMatch(/Professional/);
    }
    expect((await listKeysRoute(request("/api/account/api-keys"))).status).toBe(401);
    const { cookie } = await subscriberWithPlan("pro2@example.com", "pro-alerts");
    const bad = await createKeyRoute(request("/api/account/api-keys", { cookie, body: { name: "  " } }));
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { errors: Record<string, string> }).errors.name).toBeDefined();
  });
});

describe("/api/v1", () => {
  it("answers 401 without a key, with a malformed or unknown key, and with a revoked key", async () => {
    const { cookie } = await subscriberWithPlan("pro@example.com", "professional");
    const key = await createKey(cookie);
    for (const route of [alertsRoute, watchlistRoute]) {
      const none = await route(request("/api/v1/alerts"));
      expect(none.status).toBe(401);
      expect(none.headers.get("www-authenticate")).toBe('Bearer realm="api"');
      expect((await route(request("/api/v1/alerts", { key: "tw_nope" }))).status).toBe(401);
      expect((await route(request("/api/v1/alerts", { key: `tw_${"a".repeat(43)}` }))).status).toBe(401);
      expect((await route(request("/api/v1/alerts", { key: key.key }))).status).toBe(200);
    }
    await revokeKeyRoute(request(`/api/account/api-keys/${key.id}`, { method: "DELETE", cookie }), { params: Promise.resolve({ id: key.id }) });
    expect((await alertsRoute(request("/api/v1/alerts", { key: key.key }))).status).toBe(401);
    expect((await watchlistRoute(request("/api/v1/watchlist", { key: key.key }))).status).toBe(401);
  });

  it("answers 403 naming Professional to the key of an account whose plan has no API access (a downgrade to Consumer)", async () => {
    const { subscriber, cookie } = await subscriberWithPlan("down@example.com", "professional");
    const key = await createKey(cookie);
    await db.prisma.subscription.updateMany({ where: { subscriberId: subscriber.id }, data: { planId: "consumer" } });
    const response = await alertsRoute(request("/api/v1/alerts", { key: key.key }));
    expect(response.status).toBe(403);
    expect(((await response.json()) as { message: string }).message).toMatch(/Professional/);
    // Its keys can still be revoked after the downgrade.
    const revoked = await revokeKeyRoute(request(`/api/account/api-keys/${key.id}`, { method: "DELETE", cookie }), { params: Promise.resolve({ id: key.id }) });
    expect(revoked.status).toBe(200);
  });

  it("a Professional key reads its own alerts and watchlist as JSON", async () => {
    const { subscriber, cookie } = await subscriberWithPlan("pro@example.com", "professional");
    const key = await createKey(cookie);
    const watch = await addAlertAndWatch(subscriber.id);
    // Someone else's data is never in the answer.
    const other = await subscriberWithPlan("other@example.com", "professional");
    await db.prisma.watch.create({ data: { subscriberId: other.subscriber.id, kind: "category", categoryId: "footwear", thresholdPct: 3 } });

    const alerts = await alertsRoute(request("/api/v1/alerts", { key: key.key }));
    expect(alerts.status).toBe(200);
    expect(alerts.headers.get("cache-control")).toBe("no-store");
    const body = (await alerts.json()) as { data: Record<string, unknown>[]; count: number; hasMore: boolean; nextSince: string };
    expect(body.count).toBe(1);
    expect(body.hasMore).toBe(false);
    expect(body.data[0]).toMatchObject({ watchId: watch.id, severity: "act", centralPct: -1.25, eventIds: ["s122:effective", "s122:rate"] });
    expect(body.data[0]!.evidence).toEqual([expect.objectContaining({ sourceIds: ["fr-2026-1"] })]);
    expect(body.nextSince).toBe(body.data[0]!.createdAt);

    // since: nothing after the last one.
    const later = await alertsRoute(request(`/api/v1/alerts?since=${encodeURIComponent(body.nextSince)}`, { key: key.key }));
    expect(((await later.json()) as { count: number }).count).toBe(0);

    const watches = await watchlistRoute(request("/api/v1/watchlist?limit=10", { key: key.key }));
    const list = (await watches.json()) as { data: Record<string, unknown>[] };
    expect(list.data).toEqual([expect.objectContaining({ id: watch.id, categoryName: 'Footwear, "shoes"', htsCode: "6403.99.60", thresholdPct: 3, priceCents: 8999 })]);
  });

  it("answers CSV with ?format=csv: a download, RFC 4180 quoting, and cells that cannot run as formulas", async () => {
    const { subscriber, cookie } = await subscriberWithPlan("pro@example.com", "professional");
    const key = await createKey(cookie);
    const watch = await addAlertAndWatch(subscriber.id);

    const alerts = await alertsRoute(request("/api/v1/alerts?format=csv", { key: key.key }));
    expect(alerts.status).toBe(200);
    expect(alerts.headers.get("content-type")).toMatch(/^text\/csv; charset=utf-8/);
    expect(alerts.headers.get("content-disposition")).toMatch(/^attachment; filename="tariffwatch-alerts-\d{4}-\d{2}-\d{2}\.csv"$/);
    const text = await alerts.text();
    const lines = text.split("\r\n");
    expect(lines[0]).toBe("id,created_at,kind,severity,category_id,watch_id,title,reason,central_pct,low_pct,high_pct,central_cents,event_ids,read_at,suppressed");
    expect(text.endsWith("\r\n")).toBe(true);
    // Quotes doubled inside a quoted field; a field with a line break is quoted; a text cell starting with + is guarded; numbers stay numbers.
    expect(text).toContain(`,"Shoes, ""leather"": up, again","'+Section 122 surcharge\non line 2",-1.25,0.5,2.75,112,s122:effective s122:rate,,false\r\n`);

    const watches = await watchlistRoute(request("/api/v1/watchlist?format=csv", { key: key.key }));
    expect(watches.headers.get("content-disposition")).toMatch(/filename="tariffwatch-watchlist-/);
    const csv = await watches.text();
    expect(csv).toContain(`${watch.id},item,footwear,"Footwear, ""shoes""",6403.99.60,"'=HYPERLINK(""http://evil.example"")",8999,CN,`);
  });

  it("answers 400 per field for a bad query", async () => {
    const { cookie } = await subscriberWithPlan("pro@example.com", "professional");
    const key = await createKey(cookie);
    const response = await alertsRoute(request(`/api/v1/alerts?format=xml&since=yesterday&limit=${V1_MAX_LIMIT + 1}`, { key: key.key }));
    expect(response.status).toBe(400);
    const body = (await response.json()) as { errors: Record<string, string> };
    expect(Object.keys(body.errors).sort()).toEqual(["format", "limit", "since"]);
  });

  it(`limits a key's account to ${V1_RATE_PER_MINUTE} requests a minute (429 with Retry-After), whatever address it comes from`, async () => {
    const { cookie } = await subscriberWithPlan("busy@example.com", "professional");
    const key = await createKey(cookie);
    // The bucket holds 60 and refills one a second: the first 60 pass at once, then a 429 comes
    // within the few extra requests that refill while the test runs (each from a new address).
    let passed = 0;
    let limited: Response | null = null;
    const started = Date.now();
    for (let i = 0; i < 2 * V1_RATE_PER_MINUTE && !limited; i++) {
      const response = await watchlistRoute(request("/api/v1/watchlist", { key: key.key }));
      if (response.status === 429) limited = response;
      else {
        expect(response.status).toBe(200);
        passed++;
      }
    }
    expect(limited).not.toBeNull();
    expect(passed).toBeGreaterThanOrEqual(V1_RATE_PER_MINUTE);
    expect(passed).toBeLessThanOrEqual(V1_RATE_PER_MINUTE + Math.ceil((Date.now() - started) / 1000) + 1);
    expect(Number(limited!.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
    expect(((await limited!.json()) as { message: string }).message).toMatch(/Too many requests/);
    // Another account's key is not held back by this one.
    const other = await subscriberWithPlan("calm@example.com", "professional");
    const otherKey = await createKey(other.cookie);
    expect((await watchlistRoute(request("/api/v1/watchlist", { key: otherKey.key }))).status).toBe(200);
  });
});

describe("CSV cells", () => {
  it("quotes by RFC 4180 and guards every formula start", () => {
    expect(csvCell("plain")).toBe("plain");
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell("a,b")).toBe('"a,b"');
    expect(csvCell("line\r\nbreak")).toBe('"line\r\nbreak"');
    for (const start of ["=", "+", "-", "@", "\t", "\r"]) expect(csvCell(`${start}1+1`).startsWith(`'${start}`) || csvCell(`${start}1+1`).startsWith(`"'${start}`)).toBe(true);
    expect(csvCell("=1,2")).toBe(`"'=1,2"`);
    expect(csvCell(-3.5)).toBe("-3.5");
    expect(csvCell(null)).toBe("");
    expect(toCsv([{ header: "a", value: (r: { a: string }) => r.a }], [{ a: "x" }])).toBe("a\r\nx\r\n");
  });
});

describe("OpenAPI", () => {
  function v1Routes(dir: string, prefix = "/api/v1"): string[] {
    const found: string[] = [];
    for (const entry of readdirSync(dir)) {
      const full = path.join(dir, entry);
      if (statSync(full).isDirectory()) found.push(...v1Routes(full, `${prefix}/${entry.replace(/^\[(.+)\]$/, "{$1}")}`));
      else if (/^route\.(ts|tsx|js)$/.test(entry)) found.push(prefix);
    }
    return found;
  }

  it("describes every route under app/api/v1, with the key scheme, the parameters and the errors", async () => {
    const routes = v1Routes(path.join(process.cwd(), "app/api/v1"));
    expect(routes).toEqual(expect.arrayContaining(["/api/v1/alerts", "/api/v1/watchlist"]));
    const paths = OPENAPI_DOCUMENT.paths as Record<string, { get?: { parameters?: { name: string }[]; responses: Record<string, unknown> } }>;
    for (const route of routes) expect(paths[route]).toBeDefined();

    for (const route of ["/api/v1/alerts", "/api/v1/watchlist"]) {
      const get = paths[route]!.get!;
      expect(get.parameters!.map((p) => p.name).sort()).toEqual(["format", "limit", "since"]);
      expect(Object.keys(get.responses).sort()).toEqual(["200", "400", "401", "403", "429", "500"]);
    }
    expect(OPENAPI_DOCUMENT.openapi).toBe("3.1.0");
    expect(OPENAPI_DOCUMENT.components.securitySchemes.apiKey).toMatchObject({ type: "http", scheme: "bearer" });

    const served = await openApiRoute(new Request("http://localhost/api/v1/openapi.json"));
    expect(served.status).toBe(200);
    expect(await served.json()).toEqual(JSON.parse(JSON.stringify(OPENAPI_DOCUMENT)));
  });
});
