import { POST as createKeyRoute } from "@/app/api/account/api-keys/route";
import { DELETE as deleteById, GET as getById, PATCH as patchById } from "@/app/api/v1/watchlist/[id]/route";
import { DELETE as deleteByQuery, PATCH as patchByQuery, POST as addRoute } from "@/app/api/v1/watchlist/route";
import { OPENAPI_DOCUMENT } from "@/lib/api/openapi";
import { setupTestDatabase } from "../helpers/test-database";
import { apiRequest, subscriberOnPlan, type PlanFixture } from "./plan-fixtures";
import { categoryIdsInOrder } from "./watchlist-fixtures";

/**
 * Adding, changing and removing watches through /api/v1/watchlist with a personal API key
 * (docs/api.md "Changing the watchlist"), against a real database: the key and the plan
 * are checked as for reading, the bodies and limits are the web routes', a retried add
 * is one watch (409 with its Location), another account's watch is 404, and every answer
 * is a 4xx with a message, never a 500.
 */
const db = setupTestDatabase({ template: "tariff-tables" });

type Json = Record<string, unknown>;
const params = (id: string) => ({ params: Promise.resolve({ id }) });

let categoryIds: string[] = [];
beforeEach(async () => {
  categoryIds = await categoryIdsInOrder(db.prisma);
});

async function keyFor(plan: PlanFixture) {
  const s = await subscriberOnPlan(db.prisma, plan === "consumer" || plan === "trial" || plan === "lapsed" ? "professional" : plan);
  const response = await createKeyRoute(apiRequest("POST", "/api/account/api-keys", { cookie: s.cookie, json: { name: "ERP sync" } }));
  expect(response.status).toBe(201);
  const key = ((await response.json()) as { key: { key: string } }).key.key;
  if (plan === "consumer" || plan === "trial" || plan === "lapsed") {
    // The plan changes under an existing key: access is checked on every call.
    await db.prisma.subscription.updateMany({ where: { subscriberId: s.id }, data: plan === "consumer" ? { planId: "consumer" } : { status: "canceled" } });
  }
  return { ...s, key };
}

async function call(route: (r: Request, c?: { params: Promise<Record<string, string>> }) => Promise<Response>, method: string, path: string, key: string | undefined, json?: unknown, id?: string) {
  const response = await route(apiRequest(method, path, { key, json }), id === undefined ? undefined : params(id));
  const text = await response.text();
  return { status: response.status, headers: response.headers, body: (text ? JSON.parse(text) : null) as Json };
}

describe("POST /api/v1/watchlist", () => {
  it("adds a category and an item, answering 201 with the watch in the API's shape and its Location", async () => {
    const { key, id } = await keyFor("professional");
    const category = await call(addRoute, "POST", "/api/v1/watchlist", key, { categoryId: "footwear", threshold: 4, horizonDays: 90 });
    expect(category.status).toBe(201);
    const watch = category.body.watch as Json;
    expect(watch).toMatchObject({ kind: "category", categoryId: "footwear", thresholdPct: 4, horizonDays: 90, armed: true });
    expect(category.headers.get("location")).toBe(`/api/v1/watchlist/${watch.id as string}`);

    const item = await call(addRoute, "POST", "/api/v1/watchlist", key, { name: "Leather work boots", htsCode: "64039960", price: 120, madeIn: "vn", perYear: 2 });
    expect(item.status).toBe(201);
    expect(item.body.watch).toMatchObject({ kind: "item", htsCode: "6403.99.60", categoryId: "footwear", priceCents: 12000, madeIn: "VN", perYear: 2 });
    expect(await db.prisma.watch.count({ where: { subscriberId: id } })).toBe(2);
  });

  it("makes one watch of a retried add: 409 naming the watch already there", async () => {
    const { key, id } = await keyFor("pro-alerts");
    const body = { name: "Trail runners", categoryId: "footwear", price: 89.5, madeIn: "CN" };
    const first = await call(addRoute, "POST", "/api/v1/watchlist", key, body);
    const again = await call(addRoute, "POST", "/api/v1/watchlist", key, { ...body, name: "trail RUNNERS" });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe("You already watch trail RUNNERS (same category and origin).");
    expect(again.headers.get("location")).toBe(`/api/v1/watchlist/${(first.body.watch as Json).id as string}`);
    // Another origin is another item.
    expect((await call(addRoute, "POST", "/api/v1/watchlist", key, { ...body, madeIn: "VN" })).status).toBe(201);
    expect(await db.prisma.watch.count({ where: { subscriberId: id } })).toBe(2);
  });

  it("answers 400 per field for bad bodies, 415 for a non-JSON body", async () => {
    const { key } = await keyFor("professional");
    const bad = await call(addRoute, "POST", "/api/v1/watchlist", key, { name: "Shoes", htsCode: "6403.99.60", price: -1, madeIn: "XX", threshold: 500, horizonDays: 45 });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.errors as Json).sort()).toEqual(["horizonDays", "madeIn", "price", "threshold"]);
    const unknown = await call(addRoute, "POST", "/api/v1/watchlist", key, { name: "Shoes", htsCode: "9999.99.99", price: 10 });
    expect(unknown.status).toBe(400);
    expect((unknown.body.errors as Json).htsCode).toMatch(/Unknown HTS code/);
    expect((await call(addRoute, "POST", "/api/v1/watchlist", key, { categoryId: "no-such-category" })).status).toBe(400);
    const form = await addRoute(apiRequest("POST", "/api/v1/watchlist", { key, raw: "categoryId=footwear", type: "application/x-www-form-urlencoded" }));
    expect(form.status).toBe(415);
  });

  it("needs a valid key (401) of a plan with API access (403 naming the Professional Plan, even for an older key)", async () => {
    const noKey = await call(addRoute, "POST", "/api/v1/watchlist", undefined, { categoryId: "footwear" });
    expect(noKey.status).toBe(401);
    expect(noKey.headers.get("www-authenticate")).toBe('Bearer realm="api"');
    expect((await call(addRoute, "POST", "/api/v1/watchlist", "tw_notarealkeynotarealkeynotarealkey12345678", { categoryId: "footwear" })).status).toBe(401);
    for (const plan of ["consumer", "lapsed"] as const) {
      const { key, id } = await keyFor(plan);
      const refused = await call(addRoute, "POST", "/api/v1/watchlist", key, { categoryId: "footwear" });
      expect(refused.status).toBe(403);
      expect(refused.body.message).toMatch(/Professional Plan/);
      expect(await db.prisma.watch.count({ where: { subscriberId: id } })).toBe(0);
    }
  });

  it("keeps the rate limit of the API: past it, 429 with Retry-After", async () => {
    const { key } = await keyFor("professional");
    // All at once: past the bucket whatever each add costs (an add stores its projection,
    // and a busy machine refills the bucket during slow sequential calls).
    const answers = await Promise.all(
      Array.from({ length: 70 }, (_, i) => call(addRoute, "POST", "/api/v1/watchlist", key, { categoryId: categoryIds[i % categoryIds.length] })),
    );
    const limited = answers.filter((r) => r.status === 429);
    expect(limited.length).toBeGreaterThan(0);
    expect(answers.filter((r) => r.status !== 429).length).toBeLessThanOrEqual(60 + 10);
    for (const r of limited) expect(Number(r.headers.get("retry-after"))).toBeGreaterThan(0);
  });
});

describe("PATCH and DELETE /api/v1/watchlist/{id} (and ?id=)", () => {
  async function withItem(plan: PlanFixture = "professional") {
    const k = await keyFor(plan);
    const added = await call(addRoute, "POST", "/api/v1/watchlist", k.key, { name: "Desk lamp", categoryId: "footwear", price: 40 });
    expect(added.status).toBe(201);
    return { ...k, watchId: (added.body.watch as Json).id as string };
  }

  it("changes an item's price, origin, threshold and horizon; GET reads it back", async () => {
    const { key, watchId } = await withItem();
    const patched = await call(patchById, "PATCH", `/api/v1/watchlist/${watchId}`, key, { price: 42.5, madeIn: "MX", threshold: 6, horizonDays: 365 }, watchId);
    expect(patched.status).toBe(200);
    expect(patched.body.watch).toMatchObject({ id: watchId, priceCents: 4250, madeIn: "MX", thresholdPct: 6, horizonDays: 365 });
    const cleared = await call(patchByQuery, "PATCH", `/api/v1/watchlist?id=${watchId}`, key, { madeIn: null, threshold: null });
    expect(cleared.status).toBe(200);
    expect(cleared.body.watch).toMatchObject({ madeIn: null, thresholdPct: 3 });
    const read = await call(getById, "GET", `/api/v1/watchlist/${watchId}`, key, undefined, watchId);
    expect(read.body.watch).toMatchObject({ id: watchId, priceCents: 4250, madeIn: null });
  });

  it("refuses what the web refuses: bad values (400), an item's details on a category (400), a rename onto another item (409), an empty body (400)", async () => {
    const { key, watchId } = await withItem();
    const bad = await call(patchById, "PATCH", `/api/v1/watchlist/${watchId}`, key, { price: 0, horizonDays: 45, snoozeDays: 400 }, watchId);
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.errors as Json).sort()).toEqual(["horizonDays", "price", "snoozeDays"]);
    expect((await call(patchById, "PATCH", `/api/v1/watchlist/${watchId}`, key, {}, watchId)).status).toBe(400);

    const category = await call(addRoute, "POST", "/api/v1/watchlist", key, { categoryId: "footwear" });
    const categoryId = (category.body.watch as Json).id as string;
    const onCategory = await call(patchById, "PATCH", `/api/v1/watchlist/${categoryId}`, key, { price: 10 }, categoryId);
    expect(onCategory.status).toBe(400);
    expect(onCategory.body.message).toMatch(/category watch has no name, price/);

    const other = await call(addRoute, "POST", "/api/v1/watchlist", key, { name: "Floor lamp", categoryId: "footwear", price: 80 });
    const otherId = (other.body.watch as Json).id as string;
    const clash = await call(patchById, "PATCH", `/api/v1/watchlist/${otherId}`, key, { name: "desk lamp" }, otherId);
    expect(clash.status).toBe(409);
    expect(clash.headers.get("location")).toBe(`/api/v1/watchlist/${watchId}`);
  });

  it("takes the API away at once when the plan drops below Professional, keys and all", async () => {
    const { key, watchId, id } = await withItem();
    expect((await call(patchById, "PATCH", `/api/v1/watchlist/${watchId}`, key, { threshold: 9 }, watchId)).status).toBe(200);
    await db.prisma.subscription.updateMany({ where: { subscriberId: id }, data: { planId: "consumer" } });
    const after = await call(patchById, "PATCH", `/api/v1/watchlist/${watchId}`, key, { threshold: 2 }, watchId);
    expect(after.status).toBe(403);
    expect(after.body.message).toMatch(/API access is part of the Professional Plan/);
  });

  it("deletes only the key owner's watch: another account's, an unknown id or a malformed id is 404; a missing ?id= is 400", async () => {
    const owner = await withItem();
    const stranger = await withItem("pro-alerts");
    const foreign = await call(deleteById, "DELETE", `/api/v1/watchlist/${owner.watchId}`, stranger.key, undefined, owner.watchId);
    expect(foreign.status).toBe(404);
    expect(foreign.body.message).toBe("No such watch on your watchlist.");
    expect((await call(patchById, "PATCH", `/api/v1/watchlist/${owner.watchId}`, stranger.key, { horizonDays: 30 }, owner.watchId)).status).toBe(404);
    expect((await call(getById, "GET", `/api/v1/watchlist/${owner.watchId}`, stranger.key, undefined, owner.watchId)).status).toBe(404);
    expect((await call(deleteById, "DELETE", "/api/v1/watchlist/not-a-uuid", owner.key, undefined, "not-a-uuid")).status).toBe(404);
    const missing = await call(deleteByQuery, "DELETE", "/api/v1/watchlist", owner.key);
    expect(missing.status).toBe(400);
    expect((missing.body.errors as Json).id).toBe("id is the watch's id.");

    const deleted = await call(deleteByQuery, "DELETE", `/api/v1/watchlist?id=${owner.watchId}`, owner.key);
    expect(deleted).toMatchObject({ status: 200, body: { deleted: owner.watchId } });
    expect((await call(deleteById, "DELETE", `/api/v1/watchlist/${owner.watchId}`, owner.key, undefined, owner.watchId)).status).toBe(404);
    expect(await db.prisma.watch.count({ where: { id: owner.watchId } })).toBe(0);
  });

  it("is described in the OpenAPI document: add, change and remove, with their errors", () => {
    const paths = OPENAPI_DOCUMENT.paths as unknown as Record<string, Record<string, { responses: Record<string, unknown> }>>;
    expect(Object.keys(paths["/api/v1/watchlist"]!).sort()).toEqual(["delete", "get", "patch", "post"]);
    expect(Object.keys(paths["/api/v1/watchlist/{id}"]!).sort()).toEqual(["delete", "get", "patch"]);
    expect(Object.keys(paths["/api/v1/watchlist"]!.post!.responses).sort()).toEqual(["201", "400", "401", "403", "409", "415", "429", "500"]);
    expect(Object.keys(paths["/api/v1/watchlist/{id}"]!.patch!.responses)).toEqual(expect.arrayContaining(["200", "400", "404", "409"]));
  });
});
