import { backoffDelayMs, nextAttemptAt, RETRY_POLICY } from "@/lib/email/retry-policy";
import { classifyResendError, parseRetryAfter } from "@/lib/email/transport";
import { createUnsubscribeToken, listUnsubscribeHeaders, unsubscribeLinks, verifyUnsubscribeToken } from "@/lib/email/unsubscribe";
import { isMarketingTemplate, TEMPLATE_NAMES } from "@/lib/email/templates";

const NOW = new Date("2026-11-21T12:00:00.000Z");
const MIN = 60_000;

describe("retry policy (the delivery of follow-ups and every other email)", () => {
  it("backs off from 1 minute, doubling, capped at 1 hour", () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8].map((n) => backoffDelayMs(n) / MIN)).toEqual([1, 2, 4, 8, 16, 32, 60, 60]);
  });

  it("schedules attempts 2 to 8 and gives up after the 8th", () => {
    expect(nextAttemptAt(1, NOW)?.toISOString()).toBe("2026-11-21T12:01:00.000Z");
    expect(nextAttemptAt(7, NOW)?.getTime()).toBe(NOW.getTime() + 60 * MIN);
    expect(nextAttemptAt(RETRY_POLICY.maxAttempts, NOW)).toBeNull();
  });

  it("keeps the whole sequence inside the provider's 24-hour idempotency window", () => {
    let total = 0;
    for (let n = 1; n < RETRY_POLICY.maxAttempts; n += 1) total += backoffDelayMs(n);
    expect(total).toBeLessThan(24 * 60 * MIN);
  });

  it("waits at least as long as the provider's Retry-After, up to 6 hours", () => {
    expect(nextAttemptAt(1, NOW, 120_000)?.getTime()).toBe(NOW.getTime() + 120_000);
    expect(nextAttemptAt(5, NOW, 1_000)?.getTime()).toBe(NOW.getTime() + 16 * MIN);
    expect(nextAttemptAt(1, NOW, 48 * 60 * MIN)?.getTime()).toBe(NOW.getTime() + 6 * 60 * MIN);
  });

  it("reads Retry-After in seconds or as a date", () => {
    expect(parseRetryAfter("30")).toBe(30_000);
    expect(parseRetryAfter("Sat, 21 Nov 2026 12:02:00 GMT", NOW)).toBe(120_000);
    expect(parseRetryAfter("soon")).toBeNull();
    expect(parseRetryAfter(undefined)).toBeNull();
  });
});

describe("which provider errors are retried", () => {
  it.each<[number | null, string, boolean]>([
    [null, "application_error", false],
    [500, "internal_server_error", false],
    [429, "rate_limit_exceeded", false],
    [429, "daily_quota_exceeded", false],
    [409, "concurrent_idempotent_requests", false],
    [401, "missing_api_key", false],
    [403, "invalid_api_key", false],
    [400, "invalid_idempotency_key", true],
    [409, "invalid_idempotent_request", true],
    [422, "validation_error", true],
    [422, "missing_required_field", true],
  ])("%p %s: permanent = %p", (statusCode, name, permanent) => {
    const result = classifyResendError({ statusCode, name, message: "m" }, { "retry-after": "2" });
    expect(result).toMatchObject({ ok: false, permanent, statusCode, retryAfterMs: 2000 });
  });
});

describe("unsubscribe tokens", () => {
  const secret = "s".repeat(40);

  it("round-trips the address, lower-cased", () => {
    expect(verifyUnsubscribeToken(createUnsubscribeToken("Reader@Example.com", secret), secret)).toBe("reader@example.com");
  });

  it("refuses a token signed with another secret, a changed address, and junk", () => {
    const token = createUnsubscribeToken("reader@example.com", secret);
    expect(verifyUnsubscribeToken(token, "t".repeat(40))).toBeNull();
    const [, mac] = token.split(".");
    const forged = `${Buffer.from("victim@example.com").toString("base64url")}.${mac}`;
    expect(verifyUnsubscribeToken(forged, secret)).toBeNull();
    for (const junk of ["", "abc", "a.b.c", `${token}x`, "%%%.%%%", null, undefined]) {
      expect(verifyUnsubscribeToken(junk, secret)).toBeNull();
    }
  });

  it("builds the page link, the one-click link and the RFC 8058 headers", () => {
    const links = unsubscribeLinks("https://tariffwatch.example/", "reader@example.com", secret);
    expect(links.pageUrl).toMatch(/^https:\/\/tariffwatch\.example\/unsubscribe\?token=[\w.-]+$/);
    expect(links.oneClickUrl).toMatch(/^https:\/\/tariffwatch\.example\/api\/unsubscribe\?token=[\w.-]+$/);
    expect(listUnsubscribeHeaders(links)).toEqual({
      "List-Unsubscribe": `<${links.oneClickUrl}>`,
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    });
  });
});

describe("template kinds", () => {
  it("treats the newsletter and the trial's tips as marketing, and what was asked for or concerns the account as service mail", () => {
    // docs/email.md, "Consent": marketing goes only to those who turned it on.
    expect(TEMPLATE_NAMES.filter((t) => isMarketingTemplate(t)).sort()).toEqual(["newsletter-welcome", "trial-day2", "trial-day5"]);
    expect(TEMPLATE_NAMES.filter((t) => !isMarketingTemplate(t)).sort()).toEqual([
      "access-paused",
      "alert-digest",
      "ebook-preview",
      "ebook-receipt",
      "operator-dispute",
      "payment-confirmation",
      "sign-in-link",
      "tariff-alert",
      "trial-day7",
      "trial-welcome",
    ]);
    expect(TEMPLATE_NAMES).toHaveLength(13);
  });
});
