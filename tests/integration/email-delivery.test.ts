import {
  deliverDueEmails,
  emailDeliveryConfigured,
  queueEmail,
  type DeliverDueEmailsOptions,
  type QueueEmailInput,
  type QueueEmailOptions,
} from "@/lib/email/outbox";
import { createResendTransport, type EmailTransport } from "@/lib/email/transport";
import { retryDeadLetter } from "@/lib/email/dead-letters";
import { unsubscribe } from "@/lib/email/unsubscribe";
import { isMarketingTemplate, TEMPLATE_NAMES, type EmailRequest, type TemplateName } from "@/lib/email/templates";
import { giveMarketingConsent } from "../helpers/consent";
import { setupFakeResend } from "../helpers/fake-resend";
import { queueAndDeliver } from "../helpers/outbox";
import { setupTestDatabase } from "../helpers/test-database";

const db = setupTestDatabase();

const SITE = "https://tariffwatch.example";
const SECRET = "unsubscribe-secret-for-tests-0123456789abcdef";
const NOW = new Date("2026-11-21T12:00:00.000Z");
const quiet = { info: () => undefined, warn: () => undefined };

const trialFollowUp = { firstName: "Alex", daysLeft: 5, trialEndDate: "Saturday, November 28, 2026", siteUrl: SITE };

/** One sample of every template, with what its body must mention. */
const SAMPLES: Record<TemplateName, { request: EmailRequest; mentions: string[] }> = {
  "newsletter-welcome": { request: { template: "newsletter-welcome", props: { siteUrl: SITE } }, mentions: ["Welcome to TariffWatch"] },
  "trial-welcome": {
    request: { template: "trial-welcome", props: { firstName: "Alex", trialEndDate: "Saturday, November 28, 2026", siteUrl: SITE } },
    mentions: ["Welcome, Alex", "Saturday, November 28, 2026"],
  },
  "trial-day2": { request: { template: "trial-day2", props: trialFollowUp }, mentions: ["protection is active", "5 days"] },
  "trial-day5": { request: { template: "trial-day5", props: { ...trialFollowUp, daysLeft: 2 } }, mentions: ["2 days left", "illustrative", "$10"] },
  "trial-day7": { request: { template: "trial-day7", props: { ...trialFollowUp, daysLeft: 1 } }, mentions: ["Final notice", "24 hours"] },
  "payment-confirmation": {
    request: {
      template: "payment-confirmation",
      props: {
        itemName: "Consumer Plan",
        amount: "$10.00",
        method: "Credit/Debit Card",
        reference: "pi_123",
        paidOn: "November 21, 2026",
        recurring: true,
        supportEmail: "support@tariffwatch.app",
        siteUrl: SITE,
      },
    },
    mentions: ["$10.00", "pi_123"],
  },
  "sign-in-link": {
    request: { template: "sign-in-link", props: { signInUrl: `${SITE}/sign-in/verify?token=abc`, expiresInMinutes: 15, siteUrl: SITE } },
    mentions: ["Sign in to TariffWatch", "15 minutes", `${SITE}/sign-in/verify?token=abc`],
  },
  "access-paused": {
    request: { template: "access-paused", props: { ended: { kind: "trial" }, endedOn: "November 20, 2026", watchCount: 2, siteUrl: SITE } },
    mentions: ["alerts are paused", "November 20, 2026", "2 watches", `${SITE}/account`],
  },
  "operator-dispute": {
    request: {
      template: "operator-dispute",
      props: { disputeId: "du_1", amount: "$10.00", reason: "fraudulent", paymentIntentId: "pi_1", itemName: "Consumer Plan", accountEmail: "buyer@example.com", siteUrl: SITE },
    },
    mentions: ["du_1", "$10.00", "fraudulent", "pi_1", "buyer@example.com"],
  },
  "tariff-alert": {
    request: {
      template: "tariff-alert",
      props: {
        siteUrl: SITE,
        severityLabel: "Watch",
        title: "Men's leather shoes (made in Vietnam): +0.4% to +2.1% expected by Feb 2027",
        reason: "Forced-labor Section 301 takes effect on 2026-07-24.",
        rows: [{ label: "Duty", value: "21.0%", formula: "8.5% MFN + 12.5% (Forced-labor Section 301) = 21.0%", refs: [1] }],
        sources: [{ n: 1, title: "USTR notice", citation: "FR Doc 2026-03824", publishedAt: "2026-06-01", url: "https://www.federalregister.gov/d/2026-03824" }],
        dataAsOf: "htsRelease: 2026_rev_10",
        notIncluded: "exchange rates",
        detailUrl: `${SITE}/alerts/mine/1`,
        preferencesUrl: `${SITE}/account`,
        unsubscribeUrl: `${SITE}/alerts/email-settings?token=t`,
      },
    },
    mentions: ["12.5% (Forced-labor Section 301) = 21.0%", "FR Doc 2026-03824", `${SITE}/alerts/email-settings?token=t`],
  },
  "alert-digest": {
    request: {
      template: "alert-digest",
      props: {
        siteUrl: SITE,
        frequency: "weekly",
        periodLabel: "week 2026-W27",
        alerts: [],
        watches: [{ name: "Footwear", projection: "+0.50% central projection within 180 days", threshold: "3%" }],
        cpiMoves: [{ label: "Footwear", change: "+5.0%", period: "May 2026 CPI" }],
        ppiMoves: [],
        alertsUrl: `${SITE}/alerts/mine`,
        preferencesUrl: `${SITE}/account`,
        unsubscribeUrl: `${SITE}/alerts/email-settings?token=d`,
      },
    },
    mentions: ["weekly tariff report", "May 2026 CPI", `${SITE}/alerts/email-settings?token=d`],
  },
  "ebook-preview": {
    request: { template: "ebook-preview", props: { name: "Sam", previewUrl: `${SITE}/tariffs-ebook?access=abc`, siteUrl: SITE } },
    mentions: ["Chapter 1:", "Chapter 3:", `${SITE}/tariffs-ebook?access=abc`],
  },
  "ebook-receipt": {
    request: {
      template: "ebook-receipt",
      props: { name: "Sam", amount: "$4.99", accessUrl: `${SITE}/tariffs-ebook?access=full`, orderId: "ORDER-1", supportEmail: "support@tariffwatch.app", siteUrl: SITE },
    },
    mentions: ["$4.99", "ORDER-1", `${SITE}/tariffs-ebook?access=full`],
  },
};

const mail = setupFakeResend();

const deps = (over: QueueEmailOptions & DeliverDueEmailsOptions = {}) => ({ transport: mail.transport, from: "TariffWatch <alerts@tariffwatch.example>", unsubscribeSecret: SECRET, logger: quiet, now: NOW, ...over });

// Every recipient here turned marketing email on (the newsletter signup); "gone@" then unsubscribes.
beforeEach(() =>
  giveMarketingConsent(db.prisma, [
    ...["reader", "later", "buyer", "a", "b", "other", "gone", "p1", "p2", "p3"].map((name) => `${name}@example.com`),
  ]),
);

function input(template: TemplateName, key: string, to = "reader@example.com"): QueueEmailInput {
  return { ...SAMPLES[template].request, to, idempotencyKey: key };
}

describe("sending through Resend (a local server that speaks its API)", () => {
  it.each(TEMPLATE_NAMES)("%s: renders, is recorded, then sent with text and HTML parts and its idempotency key", async (template) => {
    const key = `test:${template}`;
    const { email, duplicate } = await queueAndDeliver(db.prisma, input(template, key), deps());
    expect(duplicate).toBe(false);

    expect(mail.resend.requests).toHaveLength(1);
    const request = mail.resend.requests[0]!;
    expect(request.method).toBe("POST");
    expect(request.path).toBe("/emails");
    expect(request.headers.authorization).toBe(`Bearer ${mail.resend.apiKey}`);
    expect(request.headers["idempotency-key"]).toBe(key);

    const delivered = mail.resend.delivered[0]!;
    expect(delivered.to).toEqual(["reader@example.com"]);
    expect(delivered.from).toBe("TariffWatch <alerts@tariffwatch.example>");
    expect(delivered.subject).toBe(email.subject);
    expect(delivered.html).toMatch(/^<!DOCTYPE html/);
    expect(delivered.text.length).toBeGreaterThan(100);
    expect(delivered.text).not.toMatch(/<[a-z][^>]*>/i);
    expect(delivered.tags).toEqual([{ name: "template", value: template }]);
    // React separates adjacent text with <!-- --> in HTML; the text part capitalises headings.
    const visibleHtml = delivered.html.replace(/<!-- -->/g, "");
    for (const mention of SAMPLES[template].mentions) {
      expect(visibleHtml).toContain(mention.replace(/&/g, "&amp;"));
      expect(delivered.text.toLowerCase()).toContain(mention.toLowerCase());
    }

    expect(email).toMatchObject({ status: "sent", providerMessageId: delivered.id, attempts: 1, nextAttemptAt: null, error: null, template, recipient: "reader@example.com" });
    expect(email.sentAt).toEqual(NOW);
    const stored = await db.prisma.sentEmail.findUniqueOrThrow({ where: { idempotencyKey: key } });
    expect(stored).toMatchObject({ status: "sent", providerMessageId: delivered.id });

    if (isMarketingTemplate(template)) {
      expect(delivered.headers["List-Unsubscribe"]).toMatch(/^<https:\/\/tariffwatch\.example\/api\/unsubscribe\?token=[\w.%-]+>$/);
      expect(delivered.headers["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");
      expect(delivered.html).toMatch(/href="https:\/\/tariffwatch\.example\/unsubscribe\?token=[\w.%-]+"/);
      expect(delivered.text).toMatch(/https:\/\/tariffwatch\.example\/unsubscribe\?token=[\w.%-]+/);
    } else {
      expect(delivered.headers).toEqual({});
      expect(delivered.html).not.toContain("/unsubscribe");
    }
  });

  it("sends once per idempotency key, however often and however concurrently it is queued", async () => {
    const results = await Promise.all(Array.from({ length: 5 }, () => queueAndDeliver(db.prisma, input("newsletter-welcome", "welcome:once"), deps())));
    expect(results.filter((r) => !r.duplicate)).toHaveLength(1);
    const again = await queueAndDeliver(db.prisma, input("newsletter-welcome", "welcome:once"), deps());
    expect(again.duplicate).toBe(true);
    expect(again.email.status).toBe("sent");
    expect(mail.resend.delivered).toHaveLength(1);
    expect(await db.prisma.sentEmail.count()).toBe(1);
  });

  it("reads RESEND_API_KEY and RESEND_BASE_URL from the environment when no transport is passed", async () => {
    const saved = { key: process.env.RESEND_API_KEY, base: process.env.RESEND_BASE_URL };
    process.env.RESEND_API_KEY = mail.resend.apiKey;
    process.env.RESEND_BASE_URL = mail.resend.url;
    try {
      expect(emailDeliveryConfigured()).toBe(true);
      const { email } = await queueAndDeliver(db.prisma, input("payment-confirmation", "env:1"), { logger: quiet });
      expect(email.status).toBe("sent");
      expect(mail.resend.delivered).toHaveLength(1);
    } finally {
      if (saved.key === undefined) delete process.env.RESEND_API_KEY;
      else process.env.RESEND_API_KEY = saved.key;
      if (saved.base === undefined) delete process.env.RESEND_BASE_URL;
      else process.env.RESEND_BASE_URL = saved.base;
    }
    expect(emailDeliveryConfigured()).toBe(false);
  });
});

describe("without RESEND_API_KEY", () => {
  it("records the message, writes it to the log and says it was not delivered", async () => {
    const lines: string[] = [];
    const { email } = await queueAndDeliver(db.prisma, input("trial-day2", "log:1"), deps({ transport: null, logger: { info: (l) => lines.push(l) } }));
    expect(email).toMatchObject({ status: "logged", attempts: 0, providerMessageId: null, nextAttemptAt: null });
    expect(lines.join("\n")).toContain("NOT DELIVERED");
    expect(lines.join("\n")).toContain(email.subject);
    expect(mail.resend.requests).toHaveLength(0);
    // A later retry run sends nothing either.
    expect(await deliverDueEmails(db.prisma, new Date(NOW.getTime() + 86_400_000), deps({ transport: null }))).toMatchObject({ due: 0, deliveryConfigured: false });
  });
});

describe("provider failures are recorded and retried with backoff, never sent twice", () => {
  it("retries a 500 after 1 minute with the same idempotency key", async () => {
    mail.resend.failNext({ status: 500, name: "internal_server_error", message: "Something went wrong" });
    const { email } = await queueAndDeliver(db.prisma, input("trial-welcome", "retry:500"), deps());
    expect(email).toMatchObject({ status: "failed", attempts: 1, providerMessageId: null });
    expect(email.error).toContain("500 internal_server_error");
    expect(email.nextAttemptAt?.toISOString()).toBe("2026-11-21T12:01:00.000Z");

    expect(await deliverDueEmails(db.prisma, new Date(NOW.getTime() + 30_000), deps())).toMatchObject({ due: 0, sent: 0 });
    const later = new Date(NOW.getTime() + 61_000);
    expect(await deliverDueEmails(db.prisma, later, deps({ now: later }))).toMatchObject({ due: 1, sent: 1 });
    const stored = await db.prisma.sentEmail.findUniqueOrThrow({ where: { idempotencyKey: "retry:500" } });
    expect(stored).toMatchObject({ status: "sent", attempts: 2, nextAttemptAt: null, error: null, providerMessageId: mail.resend.delivered[0]?.id });
    expect(mail.resend.requests.map((r) => r.headers["idempotency-key"])).toEqual(["retry:500", "retry:500"]);
    expect(mail.resend.delivered).toHaveLength(1);
  });

  it("does not send twice when the first answer was lost: the provider answers the retry with the original id", async () => {
    // The request reaches the provider, but the answer never comes back.
    const lossy: EmailTransport = {
      name: "lossy",
      send: async (email) => {
        await mail.transport.send(email);
        return { ok: false, permanent: false, error: "no response: socket hang up", statusCode: null, retryAfterMs: null };
      },
    };
    const { email } = await queueAndDeliver(db.prisma, input("trial-day5", "retry:lost"), deps({ transport: lossy }));
    expect(email.status).toBe("failed");
    const later = new Date(NOW.getTime() + 2 * 60_000);
    expect(await deliverDueEmails(db.prisma, later, deps({ now: later }))).toMatchObject({ sent: 1 });
    const stored = await db.prisma.sentEmail.findUniqueOrThrow({ where: { idempotencyKey: "retry:lost" } });
    expect(mail.resend.delivered).toHaveLength(1);
    expect(stored.providerMessageId).toBe(mail.resend.delivered[0]?.id);
    expect(mail.resend.requests).toHaveLength(2);
  });

  it("honours Retry-After on a 429 and stops the retry run there", async () => {
    mail.resend.failNext({ status: 429, name: "rate_limit_exceeded", message: "Too many requests.", headers: { "retry-after": "300" } });
    const { email } = await queueAndDeliver(db.prisma, input("trial-day7", "retry:429"), deps());
    expect(email.status).toBe("failed");
    expect(email.nextAttemptAt?.getTime()).toBe(NOW.getTime() + 300_000);

    // Two messages due; the first hits the rate limit again: the second waits for the next run.
    mail.resend.failNext({ status: 500, name: "internal_server_error", message: "x" });
    await queueAndDeliver(db.prisma, input("trial-day7", "retry:429b", "other@example.com"), deps());
    mail.resend.failNext({ status: 429, name: "rate_limit_exceeded", message: "Too many requests.", headers: { "retry-after": "1" } });
    const later = new Date(NOW.getTime() + 301_000);
    const run = await deliverDueEmails(db.prisma, later, deps({ now: later }));
    expect(run).toMatchObject({ due: 2, rescheduled: 1, sent: 0 });
    expect(mail.resend.delivered).toHaveLength(0);
  });

  it("fails a 422 validation error for good without retrying", async () => {
    mail.resend.failNext({ status: 422, name: "validation_error", message: "Invalid `to` field." });
    const { email } = await queueAndDeliver(db.prisma, input("newsletter-welcome", "retry:422"), deps());
    expect(email).toMatchObject({ status: "failed", attempts: 1, nextAttemptAt: null });
    expect(email.error).toContain("validation_error");
    expect(await deliverDueEmails(db.prisma, new Date(NOW.getTime() + 86_400_000), deps())).toMatchObject({ due: 0 });
  });

  it("gets a 422 from the provider for a malformed address (a real validation, not a scripted one)", async () => {
    const { email } = await queueAndDeliver(db.prisma, input("payment-confirmation", "retry:bad-to", "not-an-address"), deps());
    expect(email).toMatchObject({ status: "failed", nextAttemptAt: null });
    expect(email.error).toMatch(/^422 validation_error: Invalid `to` field/);
  });

  it("gets a 409 when an idempotency key is reused with a different message, and treats it as permanent", async () => {
    const base = { from: "TariffWatch <alerts@tariffwatch.example>", to: "reader@example.com", html: "<p>a</p>", text: "a", idempotencyKey: "reuse:1" };
    expect(await mail.transport.send({ ...base, subject: "First" })).toMatchObject({ ok: true });
    expect(await mail.transport.send({ ...base, subject: "First" })).toEqual({ ok: true, providerMessageId: mail.resend.delivered[0]?.id });
    const reused = await mail.transport.send({ ...base, subject: "Different" });
    expect(reused).toMatchObject({ ok: false, permanent: true, statusCode: 409 });
    expect(reused.ok ? "" : reused.error).toContain("invalid_idempotent_request");
    expect(mail.resend.delivered).toHaveLength(1);
  });

  it("reports a wrong API key (403) and an unreachable provider as retryable", async () => {
    const wrongKey = createResendTransport({ apiKey: "re_wrong", baseUrl: mail.resend.url, requestsPerSecond: 0 });
    const { email } = await queueAndDeliver(db.prisma, input("ebook-receipt", "retry:403"), deps({ transport: wrongKey }));
    expect(email).toMatchObject({ status: "failed", attempts: 1 });
    expect(email.error).toContain("403 invalid_api_key");
    expect(email.nextAttemptAt).not.toBeNull();

    const unreachable = createResendTransport({ apiKey: mail.resend.apiKey, baseUrl: "http://127.0.0.1:9", requestsPerSecond: 0 });
    const down = await queueAndDeliver(db.prisma, input("ebook-receipt", "retry:down"), deps({ transport: unreachable }));
    expect(down.email).toMatchObject({ status: "failed", attempts: 1 });
    expect(down.email.error).toMatch(/^no response/);
    expect(down.email.nextAttemptAt).not.toBeNull();
  });

  it("gives up after 8 attempts and says so", async () => {
    let now = NOW;
    for (let i = 0; i < 8; i += 1) mail.resend.failNext({ status: 503, name: "application_error", message: "Service unavailable" });
    await queueAndDeliver(db.prisma, input("trial-day2", "retry:max"), deps());
    for (let attempt = 2; attempt <= 8; attempt += 1) {
      const stored = await db.prisma.sentEmail.findUniqueOrThrow({ where: { idempotencyKey: "retry:max" } });
      expect(stored.nextAttemptAt).not.toBeNull();
      now = stored.nextAttemptAt!;
      await deliverDueEmails(db.prisma, now, deps({ now }));
    }
    const final = await db.prisma.sentEmail.findUniqueOrThrow({ where: { idempotencyKey: "retry:max" } });
    expect(final).toMatchObject({ status: "failed", attempts: 8, nextAttemptAt: null });
    expect(final.error).toContain("gave up after 8 attempts");
    // About two hours from the first attempt to the last.
    expect(now.getTime() - NOW.getTime()).toBe((1 + 2 + 4 + 8 + 16 + 32 + 60) * 60_000);
    expect(mail.resend.requests).toHaveLength(8);
    expect(mail.resend.delivered).toHaveLength(0);
  });

  it("two retry runs at the same moment send a due message once", async () => {
    mail.resend.failNext({ status: 500, name: "internal_server_error", message: "x" });
    for (const n of [1, 2, 3]) {
      if (n > 1) mail.resend.failNext({ status: 500, name: "internal_server_error", message: "x" });
      await queueAndDeliver(db.prisma, input("newsletter-welcome", `parallel:${n}`, `p${n}@example.com`), deps());
    }
    mail.resend.requests.length = 0;
    const later = new Date(NOW.getTime() + 5 * 60_000);
    const [a, b] = await Promise.all([deliverDueEmails(db.prisma, later, deps({ now: later })), deliverDueEmails(db.prisma, later, deps({ now: later }))]);
    expect(a.sent + b.sent).toBe(3);
    expect(mail.resend.delivered).toHaveLength(3);
    expect(new Set(mail.resend.delivered.map((d) => d.idempotencyKey)).size).toBe(3);
    expect(mail.resend.requests).toHaveLength(3);
  });

  it("picks up a message whose sender died mid-send once its claim has lapsed", async () => {
    // Recorded as queued with a 5-minute claim, then the process died before sending.
    await db.prisma.sentEmail.create({
      data: {
        idempotencyKey: "crashed:1",
        recipient: "reader@example.com",
        template: "payment-confirmation",
        subject: "Payment received",
        html: "<p>Payment received</p>",
        text: "Payment received",
        status: "queued",
        nextAttemptAt: new Date(NOW.getTime() + 5 * 60_000),
      },
    });
    expect(await deliverDueEmails(db.prisma, new Date(NOW.getTime() + 60_000), deps())).toMatchObject({ due: 0 });
    const later = new Date(NOW.getTime() + 6 * 60_000);
    expect(await deliverDueEmails(db.prisma, later, deps({ now: later }))).toMatchObject({ due: 1, sent: 1 });
    expect(mail.resend.delivered[0]?.idempotencyKey).toBe("crashed:1");
  });
});

describe("suppressed recipients", () => {
  it("get no marketing mail (recorded as suppressed) but still get receipts", async () => {
    await db.prisma.emailSuppression.create({ data: { email: "gone@example.com", reason: "one-click" } });
    const marketing = await queueAndDeliver(db.prisma, input("trial-day5", "supp:1", "gone@example.com"), deps());
    expect(marketing.email).toMatchObject({ status: "suppressed", attempts: 0 });
    const receipt = await queueAndDeliver(db.prisma, input("ebook-receipt", "supp:2", "gone@example.com"), deps());
    expect(receipt.email.status).toBe("sent");
    expect(mail.resend.delivered.map((d) => d.subject)).toEqual([receipt.email.subject]);
  });

  it("drops a pending retry of marketing mail when the recipient unsubscribed in between", async () => {
    mail.resend.failNext({ status: 500, name: "internal_server_error", message: "x" });
    await queueAndDeliver(db.prisma, input("newsletter-welcome", "supp:retry", "later@example.com"), deps());
    await db.prisma.emailSuppression.create({ data: { email: "later@example.com", reason: "one-click" } });
    const later = new Date(NOW.getTime() + 2 * 60_000);
    expect(await deliverDueEmails(db.prisma, later, deps({ now: later }))).toMatchObject({ suppressed: 1, sent: 0 });
    expect(await db.prisma.sentEmail.findUniqueOrThrow({ where: { idempotencyKey: "supp:retry" } })).toMatchObject({ status: "suppressed", nextAttemptAt: null });
  });
});

describe("recording is apart from delivery (docs/email.md, 'Sending')", () => {
  it("queueEmail only records: queued and due at once, nothing sent until a delivery run", async () => {
    const { email, duplicate } = await queueEmail(db.prisma, input("sign-in-link", "apart:1"), deps());
    expect(duplicate).toBe(false);
    expect(email).toMatchObject({ status: "queued", attempts: 0, providerMessageId: null, sentAt: null });
    expect(email.nextAttemptAt).toEqual(NOW);
    expect(mail.resend.requests).toHaveLength(0);

    expect(await deliverDueEmails(db.prisma, NOW, deps())).toMatchObject({ due: 1, sent: 1 });
    expect(mail.resend.delivered.map((d) => d.idempotencyKey)).toEqual(["apart:1"]);
    expect(await db.prisma.sentEmail.findUniqueOrThrow({ where: { id: email.id } })).toMatchObject({ status: "sent", attempts: 1, nextAttemptAt: null });
  });

  it("records in the caller's transaction: a rollback leaves no email, and a duplicate key does not abort it", async () => {
    await expect(
      db.prisma.$transaction(async (tx) => {
        await queueEmail(tx, input("trial-welcome", "apart:rollback"), deps());
        throw new Error("the record it belongs to failed");
      }),
    ).rejects.toThrow("the record it belongs to failed");
    expect(await db.prisma.sentEmail.count()).toBe(0);

    await queueEmail(db.prisma, input("trial-welcome", "apart:dup"), deps());
    const [again, rowCount] = await db.prisma.$transaction(async (tx) => {
      const again = await queueEmail(tx, input("trial-welcome", "apart:dup"), deps());
      // The transaction is still usable after the duplicate.
      return [again, await tx.sentEmail.count()] as const;
    });
    expect(again.duplicate).toBe(true);
    expect(rowCount).toBe(1);
  });

  it("delivers in batches of `limit`, oldest first, and leaves the rest due", async () => {
    for (const n of [1, 2, 3]) await queueEmail(db.prisma, input("payment-confirmation", `batch:${n}`, `b${n}@example.com`), deps({ now: new Date(NOW.getTime() + n) }));
    const later = new Date(NOW.getTime() + 1000);
    expect(await deliverDueEmails(db.prisma, later, deps({ limit: 2 }))).toMatchObject({ due: 2, sent: 2 });
    // The two oldest, in one batch call, oldest first.
    expect(mail.resend.delivered.map((d) => d.to[0])).toEqual(["b1@example.com", "b2@example.com"]);
    expect(mail.resend.requests.map((r) => r.path)).toEqual(["/emails/batch"]);
    expect(await deliverDueEmails(db.prisma, later, deps({ limit: 2 }))).toMatchObject({ due: 1, sent: 1 });
    expect(await deliverDueEmails(db.prisma, later, deps({ limit: 2 }))).toMatchObject({ due: 0 });
  });

  it("a delivery kick for some ids delivers only those", async () => {
    const a = await queueEmail(db.prisma, input("payment-confirmation", "kick:a", "a@example.com"), deps());
    await queueEmail(db.prisma, input("payment-confirmation", "kick:b", "b@example.com"), deps());
    expect(await deliverDueEmails(db.prisma, NOW, deps({ ids: [a.email.id] }))).toMatchObject({ due: 1, sent: 1 });
    expect(mail.resend.delivered.map((d) => d.idempotencyKey)).toEqual(["kick:a"]);
    expect(await db.prisma.sentEmail.findUniqueOrThrow({ where: { idempotencyKey: "kick:b" } })).toMatchObject({ status: "queued" });
  });

  it("a job's claimed message is left to that job until its claim lapses", async () => {
    const { email } = await queueEmail(db.prisma, input("trial-day2", "claimed:1"), deps({ claim: true }));
    expect(email.nextAttemptAt).toEqual(new Date(NOW.getTime() + 5 * 60_000));
    expect(await deliverDueEmails(db.prisma, new Date(NOW.getTime() + 60_000), deps())).toMatchObject({ due: 0 });
    expect(mail.resend.requests).toHaveLength(0);
  });
});

describe("batches (POST /emails/batch, docs/email.md 'Batches')", () => {
  const queueMany = async (n: number, prefix: string, template: TemplateName = "payment-confirmation") => {
    for (let i = 0; i < Math.min(n, 3); i++) await queueEmail(db.prisma, input(template, `${prefix}:${i}`, `${prefix}${i}@example.com`), deps({ now: new Date(NOW.getTime() + i) }));
    // Past three, copies of the first as recorded (rendering hundreds would take the test's time).
    await db.prisma.$executeRawUnsafe(
      `INSERT INTO sent_emails ("idempotencyKey", recipient, template, subject, html, text, status, "nextAttemptAt", "createdAt", "fromAddress", headers)
       SELECT $1 || ':' || i, $1 || i || '@example.com', template, subject, html, text, status,
              "createdAt" + i * interval '1 millisecond', "createdAt" + i * interval '1 millisecond', "fromAddress", headers
       FROM sent_emails, generate_series(3, $2::int - 1) AS i WHERE "idempotencyKey" = $1 || ':0'`,
      prefix,
      n,
    );
  };
  const later = new Date(NOW.getTime() + 60_000);

  it("sends 250 due messages in three calls of at most 100, each recorded with its own provider id", async () => {
    await queueMany(250, "many");
    expect(await deliverDueEmails(db.prisma, later, deps({ now: later }))).toMatchObject({ due: 250, sent: 250 });
    expect(mail.resend.requests.map((r) => r.path)).toEqual(["/emails/batch", "/emails/batch", "/emails/batch"]);
    expect(mail.resend.requests.map((r) => (JSON.parse(r.body) as unknown[]).length)).toEqual([100, 100, 50]);
    const rows = await db.prisma.sentEmail.findMany({ orderBy: { createdAt: "asc" } });
    expect(rows.every((r) => r.status === "sent")).toBe(true);
    expect(rows.map((r) => r.providerMessageId)).toEqual(mail.resend.delivered.map((d) => d.id));
    expect(mail.resend.delivered.map((d) => d.to[0])).toEqual(rows.map((r) => r.recipient));
  });

  it("a batch whose answer was lost is retried as it went, and the provider answers with the first ids: nothing is sent twice", async () => {
    await queueMany(3, "lost");
    const lossy: EmailTransport = {
      name: "lossy",
      send: mail.transport.send,
      sendBatch: async (emails, key) => {
        await mail.transport.sendBatch!(emails, key);
        return { ok: false, permanent: false, error: "no response: socket hang up", statusCode: null, retryAfterMs: null };
      },
    };
    expect(await deliverDueEmails(db.prisma, later, deps({ now: later, transport: lossy }))).toMatchObject({ rescheduled: 3 });
    // A new message arrives before the retry: it does not join the retried batch.
    await queueEmail(db.prisma, input("payment-confirmation", "lost:new", "new@example.com"), deps({ now: later }));
    const retry = new Date(later.getTime() + 2 * 60_000);
    expect(await deliverDueEmails(db.prisma, retry, deps({ now: retry }))).toMatchObject({ sent: 4 });
    expect(mail.resend.delivered.map((d) => d.to[0])).toEqual(["lost0@example.com", "lost1@example.com", "lost2@example.com", "new@example.com"]);
    const [first, again] = mail.resend.requests;
    expect(again?.headers["idempotency-key"]).toBe(first?.headers["idempotency-key"]);
    const rows = await db.prisma.sentEmail.findMany({ where: { idempotencyKey: { startsWith: "lost:" }, recipient: { startsWith: "lost" } }, orderBy: { createdAt: "asc" } });
    expect(rows.map((r) => r.providerMessageId)).toEqual(mail.resend.delivered.slice(0, 3).map((d) => d.id));
  });

  it("a batch the provider refuses as invalid is sent one by one: the good messages go, the bad one fails for good", async () => {
    await queueMany(2, "split");
    await queueEmail(db.prisma, input("payment-confirmation", "split:bad", "not-an-address"), deps({ now: new Date(NOW.getTime() + 5) }));
    expect(await deliverDueEmails(db.prisma, later, deps({ now: later }))).toMatchObject({ sent: 2, failed: 1 });
    expect(mail.resend.requests.map((r) => r.path)).toEqual(["/emails/batch", "/emails", "/emails", "/emails"]);
    expect(mail.resend.delivered.map((d) => d.idempotencyKey)).toEqual(["split:0", "split:1"]);
    expect(await db.prisma.sentEmail.findUniqueOrThrow({ where: { idempotencyKey: "split:bad" } })).toMatchObject({ status: "failed", nextAttemptAt: null });
  });

  it("two delivery runs at the same moment send each message once", async () => {
    await queueMany(150, "race");
    await Promise.all([deliverDueEmails(db.prisma, later, deps({ now: later })), deliverDueEmails(db.prisma, later, deps({ now: later }))]);
    expect(mail.resend.delivered).toHaveLength(150);
    expect(new Set(mail.resend.delivered.map((d) => d.to[0])).size).toBe(150);
    expect(await db.prisma.sentEmail.count({ where: { status: "sent" } })).toBe(150);
  });

  it("leaves out marketing mail to an address that unsubscribed, and still sends the rest of the batch", async () => {
    await giveMarketingConsent(db.prisma, ["news0@example.com", "news1@example.com", "news2@example.com"]);
    await queueMany(3, "news", "newsletter-welcome");
    await unsubscribe(db.prisma, "news1@example.com", "unsubscribe-page");
    expect(await deliverDueEmails(db.prisma, later, deps({ now: later }))).toMatchObject({ sent: 2, suppressed: 1 });
    expect(mail.resend.delivered.map((d) => d.to[0])).toEqual(["news0@example.com", "news2@example.com"]);
  });

  it("a dead letter from a batch is sent again alone when an admin asks", async () => {
    await queueMany(2, "dead");
    mail.resend.failNext({ status: 403, name: "invalid_api_key", message: "API key is invalid" });
    await deliverDueEmails(db.prisma, later, deps({ now: later }));
    const row = await db.prisma.sentEmail.findUniqueOrThrow({ where: { idempotencyKey: "dead:0" } });
    await db.prisma.sentEmail.updateMany({ data: { nextAttemptAt: null } }); // as after the last attempt
    expect(await retryDeadLetter(db.prisma, row.id, later)).toMatchObject({ ok: true });
    expect(await deliverDueEmails(db.prisma, later, deps({ now: later }))).toMatchObject({ sent: 1 });
    expect(mail.resend.delivered.map((d) => [d.to[0], d.idempotencyKey])).toEqual([["dead0@example.com", "dead:0"]]);
  });
});
