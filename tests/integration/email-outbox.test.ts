import { queueEmail } from "@/lib/email/outbox";
import { giveMarketingConsent } from "../helpers/consent";
import { setupTestDatabase } from "../helpers/test-database";

const db = setupTestDatabase();
// The newsletter welcome is marketing: its reader turned marketing email on (docs/email.md, "Consent").
beforeEach(() => giveMarketingConsent(db.prisma, ["reader@example.com"]));

describe("email outbox", () => {
  const message = {
    to: "reader@example.com",
    template: "newsletter-welcome" as const,
    props: { siteUrl: "https://tariffwatch.example" },
    idempotencyKey: "newsletter-welcome:test-1",
  };

  it("records the message with HTML and text parts and logs it as not delivered", async () => {
    const lines: string[] = [];
    const { email, duplicate } = await queueEmail(db.prisma, message, { logger: { info: (l) => lines.push(l) } });
    expect(duplicate).toBe(false);
    expect(email).toMatchObject({ recipient: "reader@example.com", template: "newsletter-welcome", status: "logged", attempts: 0 });
    expect(email.subject).toBe("Welcome to TariffWatch: your tariff alerts start now");
    expect(email.html).toMatch(/^<!DOCTYPE html/);
    expect(email.html).toContain("https://tariffwatch.example/alerts");
    expect(email.text).not.toContain("<");
    expect(email.providerMessageId).toBeNull();
    expect(lines.join("\n")).toContain("NOT DELIVERED");
  });

  it("records one message per idempotency key, even when queued at the same time", async () => {
    const results = await Promise.all(Array.from({ length: 5 }, () => queueEmail(db.prisma, message, { logger: { info: () => undefined } })));
    expect(results.filter((r) => !r.duplicate)).toHaveLength(1);
    expect(new Set(results.map((r) => r.email.id)).size).toBe(1);
    expect(await db.prisma.sentEmail.count()).toBe(1);
  });
});
