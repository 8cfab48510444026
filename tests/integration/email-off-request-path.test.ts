import { POST as retryRoute } from "@/app/api/admin/emails/retry/route";
import { POST as signInLinkRoute } from "@/app/api/auth/sign-in-link/route";
import { POST as freeTrialRoute } from "@/app/api/free-trial/route";
import { outboxOverview } from "@/lib/email/dead-letters";
import { deliverSoon } from "@/lib/email/deliver-soon";
import { deliverDueEmails, queueEmail } from "@/lib/email/outbox";
import { createResendTransport } from "@/lib/email/transport";
import { parseEnv } from "@/lib/env/schema";
import { findJob } from "@/lib/jobs/registry";
import { builtAppDistDir, migratedPgliteDir, startApp } from "../helpers/app-server";
import { startFakeResend, type FakeResend } from "../helpers/fake-resend";
import { postRequest, readJson } from "../helpers/requests";
import { setupTestDatabase } from "../helpers/test-database";
import { adminRequest, createAdmin, sessionCookie, setTestAuthSecret } from "./admin-helpers";

/**
 * docs/email.md, "Sending": a request records its email and answers;
 * the provider is called after the answer (Next's after()) or by the job "email-delivery".
 * The provider here is a local Resend double that takes 3 seconds over every answer.
 */
setTestAuthSecret();
const db = setupTestDatabase();

const PROVIDER_DELAY_MS = 3_000;
const SITE = "https://tariffwatch.example";
const quiet = { info: () => undefined, warn: () => undefined };

let slow: FakeResend;
const saved = { key: process.env.RESEND_API_KEY, base: process.env.RESEND_BASE_URL };

beforeAll(async () => {
  slow = await startFakeResend({ delayMs: PROVIDER_DELAY_MS });
  process.env.RESEND_API_KEY = slow.apiKey;
  process.env.RESEND_BASE_URL = slow.url;
});
afterAll(async () => {
  if (saved.key === undefined) delete process.env.RESEND_API_KEY;
  else process.env.RESEND_API_KEY = saved.key;
  if (saved.base === undefined) delete process.env.RESEND_BASE_URL;
  else process.env.RESEND_BASE_URL = saved.base;
  await slow.close();
});
beforeEach(() => {
  slow.requests.length = 0;
  slow.delivered.length = 0;
  slow.setDelay(PROVIDER_DELAY_MS);
});

const runDeliveryJob = async () => (await findJob("email-delivery")!.run(db.prisma, new Date(), { env: parseEnv(process.env), trigger: "cli" })).summary;

async function timed<T>(call: () => Promise<T>): Promise<{ value: T; ms: number }> {
  const started = performance.now();
  const value = await call();
  return { value, ms: performance.now() - started };
}

describe("a request that sends email does not wait for the provider", () => {
  it("a free-trial signup answers in well under a second; the delivery job sends its welcome afterwards", async () => {
    // A first signup loads the modules (templates, schemas) this process has not used yet.
    expect((await freeTrialRoute(postRequest("/api/free-trial", { firstName: "Warm", lastName: "Up", email: "warm@example.com" }))).status).toBe(201);
    const { value: response, ms } = await timed(() => freeTrialRoute(postRequest("/api/free-trial", { firstName: "Ana", lastName: "Lopez", email: "ana@example.com" })));
    console.log(`[timing] free-trial signup with a provider that takes ${PROVIDER_DELAY_MS} ms: ${ms.toFixed(0)} ms`);
    expect(response.status).toBe(201);
    expect(ms).toBeLessThan(1_000);

    const trial = await db.prisma.freeTrial.findUniqueOrThrow({ where: { email: "ana@example.com" } });
    const recorded = await db.prisma.sentEmail.findUniqueOrThrow({ where: { idempotencyKey: `trial-welcome:${trial.id}` } });
    expect(recorded).toMatchObject({ status: "queued", attempts: 0, recipient: "ana@example.com" });
    expect(slow.requests).toHaveLength(0);

    const { value: run, ms: jobMs } = await timed(runDeliveryJob);
    expect(run).toMatchObject({ due: 2, sent: 2, deliveryConfigured: true });
    expect(jobMs).toBeGreaterThanOrEqual(PROVIDER_DELAY_MS - 50);
    // Both welcomes in one batch call (docs/email.md, "Batches"), each with its own provider id.
    expect(slow.delivered.map((d) => d.to[0])).toContain("ana@example.com");
    expect(await db.prisma.sentEmail.findUniqueOrThrow({ where: { id: recorded.id } })).toMatchObject({
      status: "sent",
      attempts: 1,
      providerMessageId: slow.delivered.find((d) => d.to[0] === "ana@example.com")?.id,
    });
    expect(await db.prisma.jobRun.findFirstOrThrow({ where: { name: "email-delivery" } })).toMatchObject({ trigger: "cli", outcome: "success" });

    // A run with nothing due leaves no row in the ledger (it runs every minute).
    expect(await runDeliveryJob()).toMatchObject({ due: 0 });
    expect(await db.prisma.jobRun.count({ where: { name: "email-delivery" } })).toBe(1);
  }, 30_000);

  it("a sign-in link request answers at once too, with its token and email recorded together", async () => {
    expect((await freeTrialRoute(postRequest("/api/free-trial", { firstName: "Bo", lastName: "Chen", email: "bo@example.com" }))).status).toBe(201);
    const { value: response, ms } = await timed(() => signInLinkRoute(postRequest("/api/auth/sign-in-link", { email: "bo@example.com" })));
    expect(response.status).toBe(202);
    expect(ms).toBeLessThan(1_000);
    const token = await db.prisma.signInToken.findFirstOrThrow({ where: { email: "bo@example.com" } });
    expect(await db.prisma.sentEmail.findUniqueOrThrow({ where: { idempotencyKey: `sign-in-link:${token.id}` } })).toMatchObject({ status: "queued" });
    expect(slow.requests).toHaveLength(0);
    // The answer did not wait (above); the delivery that follows need not wait for a slow provider either.
    slow.setDelay(0);
    expect(await runDeliveryJob()).toMatchObject({ due: 2, sent: 2 });
    // Sent in the run's batch (docs/email.md, "Batches"): the record is sent, with the id the provider gave it.
    const link = await db.prisma.sentEmail.findUniqueOrThrow({ where: { idempotencyKey: `sign-in-link:${token.id}` } });
    expect(link.status).toBe("sent");
    expect(slow.delivered.find((d) => d.id === link.providerMessageId)?.to).toEqual(["bo@example.com"]);
  }, 30_000);

  it("outside a request there is nothing to run after: the kick says so and sends nothing", async () => {
    const { email } = await queueEmail(db.prisma, { to: "x@example.com", template: "sign-in-link", props: { signInUrl: `${SITE}/sign-in/verify?token=t`, expiresInMinutes: 15, siteUrl: SITE }, idempotencyKey: "kick:outside" }, { logger: quiet });
    expect(deliverSoon(db.prisma, [email])).toBe(false);
    expect(deliverSoon(db.prisma, [{ ...email, status: "logged" }])).toBe(false);
    expect(slow.requests).toHaveLength(0);
  });
});

describe("dead letters (docs/email.md, 'Dead letters')", () => {
  // What is checked here is the record of a refused message, not the wait: the provider answers at once.
  beforeEach(() => slow.setDelay(0));
  const fast = () => createResendTransport({ apiKey: slow.apiKey, baseUrl: slow.url, requestsPerSecond: 0 });

  async function deadLetter(key: string, to = "reader@example.com") {
    const { email } = await queueEmail(db.prisma, { to, template: "payment-confirmation", props: { itemName: "Consumer Plan", amount: "$10.00", method: "Credit/Debit Card", reference: "pi_1", paidOn: "November 24, 2026", recurring: true, supportEmail: "support@tariffwatch.app", siteUrl: SITE }, idempotencyKey: key }, { logger: quiet });
    slow.failNext({ status: 422, name: "validation_error", message: "Invalid `to` field." });
    await deliverDueEmails(db.prisma, new Date(), { transport: fast(), logger: quiet, ids: [email.id] });
    return db.prisma.sentEmail.findUniqueOrThrow({ where: { id: email.id } });
  }

  it("the admin sees counts and the dead letters with masked recipients, and Retry sends one again once", async () => {
    const dead = await deadLetter("dead:1");
    expect(dead).toMatchObject({ status: "failed", nextAttemptAt: null, attempts: 1 });
    await queueEmail(db.prisma, { to: "waiting@example.com", template: "sign-in-link", props: { signInUrl: `${SITE}/v?token=t`, expiresInMinutes: 15, siteUrl: SITE }, idempotencyKey: "waiting:1" }, { logger: quiet });

    const before = await outboxOverview(db.prisma);
    expect(before).toMatchObject({ queued: 1, retrying: 0, deadLetters: 1 });
    expect(before.latest).toEqual([
      expect.objectContaining({ id: dead.id, recipient: "r***@example.com", template: "payment-confirmation", attempts: 1, error: expect.stringContaining("422 validation_error") }),
    ]);

    const cookie = await sessionCookie(await createAdmin(db.prisma));
    const retry = (body: unknown) => retryRoute(adminRequest("/api/admin/emails/retry", { method: "POST", cookie, body, headers: { origin: "http://localhost" } }));
    const first = await retry({ id: dead.id });
    expect(first.status).toBe(200);
    expect(await readJson(first)).toMatchObject({ id: dead.id, status: "queued" });
    expect(await db.prisma.sentEmail.findUniqueOrThrow({ where: { id: dead.id } })).toMatchObject({ status: "queued", attempts: 0 });

    // A second click finds nothing to send again.
    const second = await retry({ id: dead.id });
    expect(second.status).toBe(409);
    expect((await readJson(second)).message).toContain("already queued");
    expect((await retry({ id: "00000000-0000-4000-8000-000000000000" })).status).toBe(404);
    const bad = await retry({ id: "not-an-id" });
    expect(bad.status).toBe(400);
    expect((await readJson(bad)).errors).toEqual({ id: "Choose a message to send again." });
    // Without an admin session: 401.
    expect((await retryRoute(adminRequest("/api/admin/emails/retry", { method: "POST", body: { id: dead.id } }))).status).toBe(401);

    expect(await outboxOverview(db.prisma)).toMatchObject({ queued: 2, deadLetters: 0, latest: [] });
    expect(await deliverDueEmails(db.prisma, new Date(), { transport: fast(), logger: quiet })).toMatchObject({ due: 2, sent: 2 });
    expect(await db.prisma.sentEmail.findUniqueOrThrow({ where: { id: dead.id } })).toMatchObject({ status: "sent", attempts: 1, error: null });
    expect(slow.delivered.filter((d) => d.idempotencyKey === "dead:1")).toHaveLength(1);
  }, 30_000);
});

const dist = builtAppDistDir();
(dist ? describe : describe.skip)(`the built app (${dist ?? "no build"}): delivery after the answer, with no job running`, () => {
  it("answers a signup in well under a second and delivers its welcome within seconds, through after()", async () => {
    const data = await migratedPgliteDir();
    // No timers (TRIAL_FOLLOWUP_INTERVAL_MINUTES=0): only the request's after() can deliver.
    const app = await startApp(dist!, { ...data.env, RESEND_API_KEY: slow.apiKey, RESEND_BASE_URL: slow.url, TRIAL_FOLLOWUP_INTERVAL_MINUTES: "0" });
    try {
      const signUp = (email: string) =>
        fetch(`${app.url}/api/free-trial`, {
          method: "POST",
          headers: { "content-type": "application/json", origin: app.url },
          body: JSON.stringify({ firstName: "Cy", lastName: "Diaz", email }),
        });
      // A first signup loads the route and the templates into the new server process.
      const warmStarted = performance.now();
      expect((await signUp("warm@example.com")).status).toBe(201);
      const warmMs = performance.now() - warmStarted;
      const started = performance.now();
      const response = await signUp("cy@example.com");
      const ms = performance.now() - started;
      console.log(`[timing] built app: free-trial signup with a provider that takes ${PROVIDER_DELAY_MS} ms: first ${warmMs.toFixed(0)} ms, then ${ms.toFixed(0)} ms`);
      expect(response.status).toBe(201);
      expect(ms).toBeLessThan(1_000);
      const deadline = Date.now() + PROVIDER_DELAY_MS + 10_000;
      while (slow.delivered.length < 2 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 200));
      expect(slow.delivered.map((d) => d.to[0]).sort()).toEqual(["cy@example.com", "warm@example.com"]);
      expect(slow.delivered.every((d) => d.idempotencyKey?.startsWith("trial-welcome:"))).toBe(true);
    } finally {
      await app.stop();
      data.cleanup();
    }
  }, 120_000);
});
