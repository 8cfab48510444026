import { expect, test, type APIResponse } from "@playwright/test";
import { signInAsNewTrial } from "./helpers";

/**
 * Answers from memory (lib/http/answer-cache.ts, docs/performance.md "Answers from memory"),
 * through the real server: a page sent again carries a nonce of its own that matches its
 * policy, a write shows on the next read, a session signed out is never answered from memory,
 * and the public count and dashboard are kept for everyone with their ETag.
 */
function nonces(html: string): Set<string> {
  return new Set([...html.matchAll(/nonce="([^"]+)"/g)].map((m) => m[1]!));
}

async function policyNonce(response: APIResponse): Promise<string> {
  const policy = response.headers()["content-security-policy"] ?? "";
  return /'nonce-([^']+)'/.exec(policy)?.[1] ?? "";
}

test("a page sent twice has a nonce of its own each time, the one its policy names", async ({ page }) => {
  test.setTimeout(60_000);
  await signInAsNewTrial(page, "answers", "/account");
  const seen: string[] = [];
  const how: string[] = [];
  for (let i = 0; i < 3; i++) {
    const response = await page.request.get("/account");
    expect(response.status()).toBe(200);
    const html = await response.text();
    expect(html).toContain("Your account");
    const inBody = nonces(html);
    const nonce = await policyNonce(response);
    expect([...inBody]).toEqual([nonce]);
    expect(response.headers()["link"] ?? "").not.toMatch(new RegExp(`nonce="(?!${nonce.replace(/[+/=]/g, "\\$&")})`));
    seen.push(nonce);
    how.push(response.headers()["x-tariffwatch-answer"] ?? "rendered");
  }
  expect(new Set(seen).size).toBe(3);
  // Kept after the first visit, the page comes from memory (other tests' writes, in parallel,
  // can empty the memory between two requests: asked again until one comes from it).
  expect(how[0]).not.toBe("rendered");
  await expect.poll(async () => (await page.request.get("/account")).headers()["x-tariffwatch-answer"], { timeout: 10_000 }).toBe("memory");
});

test("a write shows on the next read, and a signed-out session is never answered from memory", async ({ page }) => {
  test.setTimeout(60_000);
  await signInAsNewTrial(page, "answers-write", "/watchlist");
  const count = async () => (await (await page.request.get("/api/watchlist")).json()).watches.length as number;
  expect(await count()).toBe(0);
  expect(await count()).toBe(0);
  await expect.poll(async () => (await page.request.get("/api/watchlist")).headers()["x-tariffwatch-answer"], { timeout: 10_000 }).toBe("memory");
  const [first] = (await (await page.request.get("/api/categories")).json()) as { id: string }[];
  const added = await page.request.post("/api/watchlist", { data: { categoryId: first!.id } });
  expect(added.status()).toBe(201);
  expect(await count()).toBe(1);
  for (let i = 0; i < 2; i++) {
    await page.goto("/watchlist");
    await expect(page.getByTestId("category-limit")).toContainText("1 of 3 categories");
  }

  // The session's cookie, kept to replay after signing out.
  const session = (await page.context().cookies()).find((c) => c.name.endsWith("tariffwatch.session"))!;
  const cookie = { cookie: `${session.name}=${session.value}` };
  expect((await page.request.get("/account", { headers: cookie })).status()).toBe(200);
  await page.goto("/account");
  await page.getByRole("button", { name: "Sign out" }).first().click();
  await expect(page).not.toHaveURL(/\/account$/);
  expect((await page.request.get("/api/watchlist", { headers: cookie })).status()).toBe(401);
  expect((await page.request.get("/account", { headers: cookie, maxRedirects: 0 })).status()).toBe(307);
});

test("the public newsletter count and dashboard come from memory, a new subscriber counts at once, and a known ETag gets a 304", async ({ request }) => {
  test.setTimeout(60_000);
  const stats = async () => {
    const response = await request.get("/api/newsletter/stats");
    expect(response.status()).toBe(200);
    return { count: ((await response.json()) as { count: number }).count, how: response.headers()["x-tariffwatch-answer"] };
  };
  await expect.poll(async () => (await stats()).how, { timeout: 10_000 }).toBe("memory");
  const before = (await stats()).count;
  expect((await request.post("/api/newsletter", { data: { email: `kept-answer-${Date.now()}@example.com` } })).status()).toBe(201);
  // Other tests may subscribe in parallel: at least this one more.
  expect((await stats()).count).toBeGreaterThanOrEqual(before + 1);

  await expect
    .poll(
      async () => {
        const full = await request.get("/api/economic/dashboard");
        expect(full.status()).toBe(200);
        expect(full.headers()["cache-control"]).toBe("public, s-maxage=60, stale-while-revalidate=240");
        const etag = full.headers()["etag"] ?? "";
        const again = await request.get("/api/economic/dashboard", { headers: { "if-none-match": etag } });
        return `${etag ? "etag" : "no etag"} ${again.status()} ${again.headers()["etag"] === etag ? "same" : "other"} ${again.headers()["x-tariffwatch-answer"]}`;
      },
      { timeout: 10_000 },
    )
    .toBe("etag 304 same memory");
});
