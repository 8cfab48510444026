import { GET as getStats } from "@/app/api/newsletter/stats/route";
import { POST as subscribe } from "@/app/api/newsletter/route";
import { setupTestDatabase } from "../helpers/test-database";
import { newClientIp, postRequest, readJson } from "../helpers/requests";

const db = setupTestDatabase();

describe("POST /api/newsletter", () => {
  it("subscribes a new email, stores it normalised and records the welcome email", async () => {
    const response = await subscribe(postRequest("/api/newsletter", { email: "  New.Reader@Example.COM " }));
    expect(response.status).toBe(201);
    const body = await readJson(response);
    expect(typeof body.message).toBe("string");

    const rows = await db.prisma.newsletter.findMany();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ email: "new.reader@example.com", subscriptionType: "free", preferences: [] });

    const emails = await db.prisma.sentEmail.findMany();
    expect(emails).toHaveLength(1);
    expect(emails[0]).toMatchObject({ recipient: "new.reader@example.com", template: "newsletter-welcome", status: "logged" });
    expect(emails[0]?.html).toContain("Welcome to TariffWatch");
    expect(emails[0]?.text.toLowerCase()).toContain("welcome to tariffwatch");
    // The visitor reads the visitor's message; that nothing was delivered (no email provider
    // here) is recorded in the outbox row's status `logged` above and in the log.
    expect(body.message).toBe("You're subscribed! Check your inbox for the welcome email.");
  });

  it("answers a second signup for the same address (any case) with 409 and keeps one row and one email", async () => {
    expect((await subscribe(postRequest("/api/newsletter", { email: "dup@example.com" }))).status).toBe(201);
    const again = await subscribe(postRequest("/api/newsletter", { email: "DUP@example.com" }));
    expect(again.status).toBe(409);
    expect(await readJson(again)).toMatchObject({ message: "This email is already subscribed to TariffWatch alerts." });
    expect(await db.prisma.newsletter.count()).toBe(1);
    expect(await db.prisma.sentEmail.count()).toBe(1);
  });

  it.each([
    ["malformed JSON", "{email:", 400, undefined],
    ["an array", JSON.stringify([{ email: "a@b.co" }]), 400, undefined],
    ["a string", JSON.stringify("a@b.co"), 400, undefined],
    ["null", "null", 400, undefined],
    ["a missing email", JSON.stringify({}), 400, "Please enter a valid email address"],
    ["a number", JSON.stringify({ email: 42 }), 400, "Please enter a valid email address"],
    ["an invalid email", JSON.stringify({ email: "not-an-email" }), 400, "Please enter a valid email address"],
    ["an oversized email", JSON.stringify({ email: `${"a".repeat(300)}@example.com` }), 400, "Please enter a valid email address"],
    ["an oversized body", JSON.stringify({ email: "a@b.co", pad: "x".repeat(20_000) }), 413, undefined],
  ])("refuses %s with a 4xx and a message, storing nothing", async (_name, raw, status, fieldMessage) => {
    const response = await subscribe(postRequest("/api/newsletter", raw));
    expect(response.status).toBe(status);
    const body = await readJson(response);
    expect(typeof body.message).toBe("string");
    if (fieldMessage) expect(body.errors).toEqual({ email: fieldMessage });
    expect(await db.prisma.newsletter.count()).toBe(0);
  });

  it("leaves exactly one row and one email when twenty signups for one address race", async () => {
    const ip = newClientIp();
    const responses = await Promise.all(
      Array.from({ length: 20 }, () => subscribe(postRequest("/api/newsletter", { email: "race@example.com" }, { ip }))),
    );
    const statuses = responses.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(19);
    expect(await db.prisma.newsletter.count()).toBe(1);
    expect(await db.prisma.sentEmail.count()).toBe(1);
  });

  it("rate limits one client far above what a person does, with Retry-After", async () => {
    const ip = newClientIp();
    const statuses: number[] = [];
    for (let i = 0; i < 31; i++) {
      const response = await subscribe(postRequest("/api/newsletter", { email: `bulk${i}@example.com` }, { ip }));
      statuses.push(response.status);
      if (response.status === 429) {
        expect(Number(response.headers.get("retry-after"))).toBeGreaterThan(0);
        expect((await readJson(response)).message).toMatch(/Too many requests/);
      }
    }
    expect(statuses.slice(0, 30).every((s) => s === 201)).toBe(true);
    expect(statuses[30]).toBe(429);
    // Another client is not affected.
    expect((await subscribe(postRequest("/api/newsletter", { email: "other@example.com" }))).status).toBe(201);
  });
});

describe("GET /api/newsletter/stats", () => {
  it("returns the live subscriber count", async () => {
    expect(await readJson(await getStats())).toEqual({ count: 0 });
    await subscribe(postRequest("/api/newsletter", { email: "one@example.com" }));
    await subscribe(postRequest("/api/newsletter", { email: "two@example.com" }));
    const response = await getStats();
    expect(response.status).toBe(200);
    expect(await readJson(response)).toEqual({ count: 2 });
  });
});
