import { GET as listNewsletters } from "@/app/api/admin/newsletters/route";
import { POST as resendWelcome } from "@/app/api/admin/resend-welcome-emails/route";
import { EMAIL_PROVIDER_REQUESTS_PER_SECOND, RESEND_BATCH_SIZE, resendWelcomeEmails, type ResendSummary } from "@/lib/admin/resend-welcome";
import type { QueueEmailInput } from "@/lib/email/outbox";
import { queueEmail } from "@/lib/email/outbox";
import { giveMarketingConsent } from "../helpers/consent";
import { setupTestDatabase } from "../helpers/test-database";
import { readJson } from "../helpers/requests";
import { adminRequest, createAdmin, sessionCookie, setTestAuthSecret } from "./admin-helpers";

setTestAuthSecret();
const db = setupTestDatabase();

/** Newsletter subscribers, each with the marketing consent its signup records (docs/email.md, "Consent"). */
async function addSubscribers(n: number, start = 0): Promise<void> {
  for (let i = start; i < start + n; i++) {
    await db.prisma.newsletter.create({ data: { email: `reader${i}@example.com`, createdAt: new Date(Date.UTC(2026, 0, 1, 0, 0, i)) } });
    await giveMarketingConsent(db.prisma, [`reader${i}@example.com`]);
  }
}

const deps = { siteUrl: "http://localhost:3000", deliveryConfigured: false };

describe("GET /api/admin/newsletters", () => {
  it("lists every subscriber with email, type and date, newest first", async () => {
    await addSubscribers(3);
    const cookie = await sessionCookie(await createAdmin(db.prisma));
    const body = await readJson(await listNewsletters(adminRequest("/api/admin/newsletters", { cookie })));
    expect(body.count).toBe(3);
    expect(body.subscribers).toEqual([
      { id: expect.any(String), email: "reader2@example.com", subscriptionType: "free", subscriptionDate: "2026-01-01T00:00:02.000Z" },
      { id: expect.any(String), email: "reader1@example.com", subscriptionType: "free", subscriptionDate: "2026-01-01T00:00:01.000Z" },
      { id: expect.any(String), email: "reader0@example.com", subscriptionType: "free", subscriptionDate: "2026-01-01T00:00:00.000Z" },
    ]);
  });
});

describe("bulk resend of the welcome email", () => {
  it("records one welcome email per subscriber under the batch key and reports each", async () => {
    await addSubscribers(3);
    const summary = await resendWelcomeEmails(db.prisma, "batch-0001", deps);
    expect(summary).toMatchObject({ successful: 3, failed: 0, processed: 3, repeated: false, batchKey: "batch-0001" });
    expect(summary.results.map((r) => [r.email, r.status, r.delivery])).toEqual([
      ["reader0@example.com", "sent", "logged"],
      ["reader1@example.com", "sent", "logged"],
      ["reader2@example.com", "sent", "logged"],
    ]);
    expect(summary.message).toContain("not delivered");
    const rows = await db.prisma.sentEmail.findMany({ where: { template: "newsletter-welcome" } });
    expect(rows).toHaveLength(3);
    expect(rows.every((r) => r.idempotencyKey.startsWith("welcome-resend:batch-0001:"))).toBe(true);
    expect(rows[0]?.html).toContain("/alerts");
  });

  it("sends nothing again for a repeated batch key and reports the same recipients (not later subscribers)", async () => {
    await addSubscribers(2);
    const first = await resendWelcomeEmails(db.prisma, "batch-0002", deps);
    await db.prisma.newsletter.create({ data: { email: "late@example.com" } });
    const again = await resendWelcomeEmails(db.prisma, "batch-0002", deps);
    expect(again.repeated).toBe(true);
    expect(again.results).toEqual(first.results);
    expect(again.message).toContain("already processed");
    expect(await db.prisma.sentEmail.count()).toBe(2);
    // A new batch key is a new batch: everyone, the late subscriber too.
    expect((await resendWelcomeEmails(db.prisma, "batch-0003", deps)).processed).toBe(3);
    expect(await db.prisma.sentEmail.count()).toBe(5);
  });

  it("finishes a batch that was cut off, without sending twice", async () => {
    const quiet = jest.spyOn(console, "error").mockImplementation(() => undefined);
    await addSubscribers(4);
    let calls = 0;
    const flaky = async (database: typeof db.prisma, input: QueueEmailInput) => {
      calls += 1;
      if (calls === 3) throw new Error("process died");
      return queueEmail(database, input);
    };
    const cut = await resendWelcomeEmails(db.prisma, "batch-0004", { ...deps, send: flaky, batchSize: 2 });
    expect(cut).toMatchObject({ successful: 3, failed: 1 });
    const resumed = await resendWelcomeEmails(db.prisma, "batch-0004", deps);
    expect(resumed).toMatchObject({ successful: 4, failed: 0, processed: 4, repeated: true });
    expect(await db.prisma.sentEmail.count()).toBe(4);
    quiet.mockRestore();
  });

  it("runs one batch at a time when two identical requests race", async () => {
    await addSubscribers(5);
    const [a, b] = await Promise.all([resendWelcomeEmails(db.prisma, "batch-0005", deps), resendWelcomeEmails(db.prisma, "batch-0005", deps)]);
    expect(a.processed).toBe(5);
    expect(b.results).toEqual(a.results);
    expect(await db.prisma.sentEmail.count()).toBe(5);
  });

  it("sends in batches of 10 paced to the provider's 2 requests a second, and does not wait when email is only logged", async () => {
    expect(RESEND_BATCH_SIZE).toBe(10);
    expect(EMAIL_PROVIDER_REQUESTS_PER_SECOND).toBe(2);
    await addSubscribers(25);
    let now = 0;
    const sleeps: number[] = [];
    const inFlight: number[] = [];
    let current = 0;
    const send = async (database: typeof db.prisma, input: QueueEmailInput) => {
      current += 1;
      inFlight.push(current);
      try {
        return await queueEmail(database, input);
      } finally {
        current -= 1;
      }
    };
    const sleep = async (ms: number) => {
      sleeps.push(ms);
      now += ms;
    };
    const summary = await resendWelcomeEmails(db.prisma, "batch-0006", { ...deps, deliveryConfigured: true, send, sleep, now: () => now });
    expect(summary.processed).toBe(25);
    expect(sleeps).toEqual([5000, 5000]);
    expect(Math.max(...inFlight)).toBeLessThanOrEqual(10);

    const unpaced: number[] = [];
    await resendWelcomeEmails(db.prisma, "batch-0007", { ...deps, sleep: async (ms) => void unpaced.push(ms) });
    expect(unpaced).toEqual([]);
  });

  it("reports a message that could not be recorded as Failed and goes on", async () => {
    const quiet = jest.spyOn(console, "error").mockImplementation(() => undefined);
    await addSubscribers(2);
    const send = async (database: typeof db.prisma, input: QueueEmailInput) => {
      if (input.to === "reader0@example.com") throw new Error("template broke");
      return queueEmail(database, input);
    };
    const summary = await resendWelcomeEmails(db.prisma, "batch-0008", { ...deps, send });
    expect(summary.results.map((r) => [r.email, r.status])).toEqual([
      ["reader0@example.com", "failed"],
      ["reader1@example.com", "sent"],
    ]);
    expect(summary).toMatchObject({ successful: 1, failed: 1, processed: 2 });
    quiet.mockRestore();
  });
});

describe("POST /api/admin/resend-welcome-emails", () => {
  async function post(cookie: string, options: { headers?: Record<string, string>; body?: unknown } = {}) {
    const response = await resendWelcome(adminRequest("/api/admin/resend-welcome-emails", { method: "POST", cookie, ...options }));
    return { status: response.status, body: (await readJson(response)) as unknown as ResendSummary & { message: string } };
  }

  it("answers the spec's shape and repeats nothing for the same Idempotency-Key", async () => {
    await addSubscribers(2);
    const cookie = await sessionCookie(await createAdmin(db.prisma));
    const first = await post(cookie, { headers: { "Idempotency-Key": "click-0001-abcdef" } });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ successful: 2, failed: 0, processed: 2, batchKey: "click-0001-abcdef", repeated: false });
    expect(typeof first.body.timestamp).toBe("string");
    expect(typeof first.body.message).toBe("string");
    expect(first.body.results).toEqual([
      expect.objectContaining({ email: "reader0@example.com", status: "sent" }),
      expect.objectContaining({ email: "reader1@example.com", status: "sent" }),
    ]);
    const second = await post(cookie, { headers: { "Idempotency-Key": "click-0001-abcdef" } });
    expect(second.body).toMatchObject({ successful: 2, processed: 2, repeated: true });
    const viaBody = await post(cookie, { body: { batchKey: "click-0001-abcdef" } });
    expect(viaBody.body.repeated).toBe(true);
    expect(await db.prisma.sentEmail.count()).toBe(2);
  });

  it("starts a new batch without a key, and refuses a malformed key", async () => {
    await addSubscribers(1);
    const cookie = await sessionCookie(await createAdmin(db.prisma));
    expect((await post(cookie)).body.processed).toBe(1);
    expect((await post(cookie)).body.processed).toBe(1);
    expect(await db.prisma.sentEmail.count()).toBe(2);
    expect((await post(cookie, { headers: { "Idempotency-Key": "bad key!" } })).status).toBe(400);
    expect((await post(cookie, { body: { batchKey: 42 } })).status).toBe(400);
    expect((await post(cookie, { body: "{not json" })).status).toBe(400);
  });

  it("answers zero subscribers with zero counts", async () => {
    const cookie = await sessionCookie(await createAdmin(db.prisma));
    const { status, body } = await post(cookie);
    expect(status).toBe(200);
    expect(body).toMatchObject({ successful: 0, failed: 0, processed: 0, results: [], message: "No existing subscribers found to resend emails to." });
  });
});
