import { accessOf } from "@/lib/accounts/access";
import { createSession, subscriberCookieName } from "@/lib/accounts/session";
import { openDatabase } from "@/lib/db/connect";
import { loadTariffTables } from "@/lib/tariffs/seed";
import { addWatchSchema } from "@/lib/watchlist/schema";
import { addWatch } from "@/lib/watchlist/service";
import { builtAppDistDir, migratedPgliteDir, startApp, type RunningApp } from "../helpers/app-server";
import { readsAroundWrite } from "../helpers/reads-around-a-write";

/**
 * tests/integration/one-subscriber-per-request.test.ts through the built server
 * (scripts/serve.mjs: the proxy, the pages and the handlers as they run in production;
 * docs/security.md, "One session cookie per request" and "No answer outlives a write"):
 * - two session cookies in one request get a sign-in redirect (pages) or 401 (calls) and the
 *   public dashboard at /alerts, never one subscriber's page or data, in whatever order they
 *   come, before or after each subscriber's own requests;
 * - interleaved requests of two subscribers each get their own account and watches;
 * - after signing out and after deleting a watch, every GET that begins once the write has
 *   returned shows the state after it, while other GETs of the same address are in flight
 *   and other visitors write.
 * Only when a production build is at hand (tests/helpers/app-server.ts); once, on the
 * embedded database (the PostgreSQL pass runs the handler-level file).
 */
type Subscriber = { email: string; cookie: string; sessions: string[]; watches: { id: string; name: string }[] };

const dist = process.env.TEST_DATABASE_URL?.trim() ? null : builtAppDistDir();
const sameOrigin = (app: RunningApp) => ({ origin: app.url, "sec-fetch-site": "same-origin" });

/** Subscribers on the Consumer plan with item watches and sessions, written before the server opens the database. */
async function prepare(dataDir: string, people: { name: string; watches: string[]; sessions?: number }[]): Promise<Subscriber[]> {
  const database = openDatabase({ kind: "pglite", dataDir });
  try {
    const db = database.prisma;
    await loadTariffTables(db);
    const now = new Date();
    const made: Subscriber[] = [];
    for (const person of people) {
      const email = `${person.name}@example.com`;
      const { id } = await db.subscriber.create({ data: { email }, select: { id: true } });
      await db.subscription.create({
        data: { provider: "stripe", providerSubscriptionId: `sub_${person.name}`, email, planId: "consumer", status: "active", subscriberId: id, currentPeriodEnd: new Date(now.getTime() + 30 * 86_400_000) },
      });
      const access = await accessOf(db, id, now);
      const watches: Subscriber["watches"] = [];
      for (const name of person.watches) watches.push({ id: (await addWatch(db, id, access, addWatchSchema.parse({ name, categoryId: "footwear", price: 80 }))).id, name });
      const sessions: string[] = [];
      for (let i = 0; i < (person.sessions ?? 1); i++) sessions.push(`${subscriberCookieName(false)}=${(await createSession(db, id, now)).token}`);
      made.push({ email, cookie: sessions[0]!, sessions, watches });
    }
    return made;
  } finally {
    await database.close();
  }
}

(dist ? describe : describe.skip)(`one subscriber per request, the next read after a write (the built app, ${dist ?? "no build"})`, () => {
  let app: RunningApp;
  let cleanup = () => undefined as void;
  let alice: Subscriber;
  let bob: Subscriber;
  let carol: Subscriber;
  let dave: Subscriber;

  beforeAll(async () => {
    const db = await migratedPgliteDir();
    cleanup = db.cleanup;
    [alice, bob, carol, dave] = (await prepare(db.env.PGLITE_DATA_DIR!, [
      { name: "alice", watches: ["Alice work boots"] },
      { name: "bob", watches: ["Bob sandals", "Bob slippers"] },
      { name: "carol", watches: ["Carol clogs"], sessions: 3 },
      { name: "dave", watches: ["Dave boots 1", "Dave boots 2", "Dave boots 3", "Dave boots 4"] },
    ])) as [Subscriber, Subscriber, Subscriber, Subscriber];
    app = await startApp(dist!, { ...db.env, RATE_LIMIT_ENABLED: "false" });
  }, 180_000);
  afterAll(async () => {
    await app?.stop();
    cleanup();
  });

  const get = (path: string, cookie: string) => fetch(`${app.url}${path}`, { headers: { cookie }, redirect: "manual" });

  /** Whose answer a GET got: the email of every subscriber it names, "sign-in" for a redirect there, "HTTP <status>" otherwise. */
  async function whose(path: string, cookie: string): Promise<string> {
    const response = await get(path, cookie);
    if (response.status === 307 && new URL(response.headers.get("location") ?? "", app.url).pathname === "/sign-in") return "sign-in";
    const text = await response.text();
    if (response.status !== 200) return `HTTP ${response.status}`;
    const named = [alice, bob, carol, dave].filter((s) => text.includes(s.email) || s.watches.some((w) => text.includes(w.name)));
    return named.length ? named.map((s) => s.email).join(" and ") : "nobody";
  }

  /** The names of the watches GET /api/watchlist lists for a session, or the status. */
  async function watchNames(cookie: string): Promise<string> {
    const response = await get("/api/watchlist", cookie);
    if (response.status !== 200) return `HTTP ${response.status}`;
    return ((await response.json()) as { watches: { name: string }[] }).watches
      .map((w) => w.name)
      .sort()
      .join(", ");
  }

  /**
   * Other visitors' writes going on meanwhile (newsletter signups, one after another), as on a
   * live site: anything kept or shared between reads would be refilled all the time, so a read
   * that began before a write is often still running when the write returns.
   */
  async function whileOthersWrite<T>(work: () => Promise<T>): Promise<T> {
    let done = false;
    let n = 0;
    const others = (async () => {
      while (!done) {
        n += 1;
        const body = JSON.stringify({ email: `reader-${n}-${Date.now()}@example.com` });
        const response = await fetch(`${app.url}/api/newsletter`, { method: "POST", headers: { "content-type": "application/json" }, body });
        expect(response.status).toBe(201);
      }
    })();
    try {
      return await work();
    } finally {
      done = true;
      await others;
    }
  }

  it("two session cookies get sign-in or 401 and never a subscriber's answer, before and after each subscriber's own requests", async () => {
    const both = [`${alice.cookie}; ${bob.cookie}`, `${bob.cookie}; ${alice.cookie}`];
    const pages = ["/account", "/watchlist", `/watchlist/${bob.watches[0]!.id}`, "/alerts/mine", "/api/account", "/api/watchlist"];
    const refused = (path: string) => (path.startsWith("/api/") ? "HTTP 401" : "sign-in");
    for (let round = 0; round < 2; round++) {
      for (const path of pages) {
        for (const cookie of both) expect([path, await whose(path, cookie)]).toEqual([path, refused(path)]);
        // Each subscriber alone, right after: their own answer (the /watchlist/<id> of Bob's watch is Bob's only).
        expect([path, await whose(path, bob.cookie)]).toEqual([path, bob.email]);
        if (!path.includes(bob.watches[0]!.id)) expect([path, await whose(path, alice.cookie)]).toEqual([path, alice.email]);
      }
    }
    // /alerts with both: the public dashboard, nobody's alerts.
    for (const cookie of both) expect(await whose("/alerts", cookie)).toBe("nobody");
    expect(await whose("/alerts", alice.cookie)).toBe(alice.email);
  }, 120_000);

  it("interleaved requests of two subscribers and of both at once each get their own answer", async () => {
    const both = `${alice.cookie}; ${bob.cookie}`;
    const expected = new Map([
      [alice.cookie, { page: alice.email, watches: "Alice work boots" }],
      [bob.cookie, { page: bob.email, watches: "Bob sandals, Bob slippers" }],
      [both, { page: "sign-in", watches: "HTTP 401" }],
    ]);
    const cookies = Array.from({ length: 24 }, (_, i) => [both, alice.cookie, bob.cookie][i % 3]!);
    const answers = await Promise.all(
      cookies.map(async (cookie, i) => ({ cookie, page: await whose(["/account", "/watchlist", "/api/account"][i % 3]!, cookie), watches: await watchNames(cookie) })),
    );
    for (const { cookie, page, watches } of answers) expect({ page: page === "HTTP 401" ? "sign-in" : page, watches }).toEqual(expected.get(cookie));
  }, 120_000);

  it("after deleting a watch, every read that begins once the delete has returned lists the watches without it (three deletes in a row)", async () => {
    const left = [...dave.watches];
    for (let round = 0; round < 3; round++) {
      const gone = left.shift()!;
      const remaining = left
        .map((w) => w.name)
        .sort()
        .join(", ");
      // Each read asks for the list or the page in turn, so several reads of each address are in flight at once.
      let turn = 0;
      const reads = await whileOthersWrite(() =>
        readsAroundWrite(
          async () => (turn++ % 2 ? `page ${(await (await get("/watchlist", dave.cookie)).text()).includes(gone.name) ? "lists" : "does not list"} it` : watchNames(dave.cookie)),
          async () => {
            const response = await fetch(`${app.url}/api/watchlist/${gone.id}`, { method: "DELETE", headers: { cookie: dave.cookie, ...sameOrigin(app) } });
            expect(response.status).toBe(200);
          },
          { workers: 8, after: 2 },
        ),
      );
      // The first read, answered before the delete began, still had the watch.
      expect([round, reads[0]!.value === "page lists it" || reads[0]!.value.includes(gone.name)]).toEqual([round, true]);
      const after = reads.filter((r) => r.began === "after");
      expect(after.length).toBeGreaterThanOrEqual(16);
      for (const r of after) expect([round, r.value]).toEqual([round, expect.stringMatching(new RegExp(`^(${remaining}|page does not list it)$`))]);
    }
  }, 180_000);

  it("after signing out, every read that begins once the sign-out has returned is refused (three sessions signed out in turn)", async () => {
    const addresses = ["/account", "/api/account", "/api/watchlist"];
    for (const [round, cookie] of carol.sessions.entries()) {
      // Each read asks for one of three addresses in turn, so several reads of each are in flight at once.
      let turn = 0;
      const reads = await whileOthersWrite(() =>
        readsAroundWrite(
          async () => {
            const address = addresses[turn++ % addresses.length]!;
            return `${address}: ${address === "/api/watchlist" ? await watchNames(cookie) : await whose(address, cookie)}`;
          },
          async () => {
            const response = await fetch(`${app.url}/api/auth/sign-out`, { method: "POST", headers: { cookie, ...sameOrigin(app) } });
            expect(response.status).toBe(200);
          },
          { workers: 8, after: 2 },
        ),
      );
      expect([round, reads[0]!.value]).toEqual([round, expect.stringMatching(new RegExp(`: (${carol.email}|Carol clogs)$`))]);
      const after = reads.filter((r) => r.began === "after");
      expect(after.length).toBeGreaterThanOrEqual(16);
      for (const r of after) expect([round, r.value]).toEqual([round, expect.stringMatching(/^(\/account: sign-in|\/api\/account: HTTP 401|\/api\/watchlist: HTTP 401)$/)]);
      // Her sessions not signed out yet still work.
      for (const other of carol.sessions.slice(round + 1)) expect(await whose("/api/account", other)).toBe(carol.email);
    }
  }, 180_000);
});
