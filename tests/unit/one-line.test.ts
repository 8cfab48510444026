import { alertSmsBody } from "@/lib/alerts/deliver";
import { renderEmail } from "@/lib/email/templates";
import { oneLine } from "@/lib/format";
import { addWatchSchema } from "@/lib/watchlist/schema";

/**
 * A name a subscriber types reaches email subjects and SMS: a line break in it would start a
 * new header line or split the message. Names are folded onto one line where they are taken
 * (the watch schema) and again where a subject or an SMS is built (docs/security.md "Names on one line").
 */
const BROKEN = "Boots\r\nBcc: victim@example.com\u2028\u0085 size 9";

describe("names on one line", () => {
  it("folds every line break and run of spaces into one space", () => {
    expect(oneLine(BROKEN)).toBe("Boots Bcc: victim@example.com size 9");
    expect(oneLine("  Work  boots\t")).toBe("Work boots");
  });

  it("a watched item's name is stored on one line", () => {
    const parsed = addWatchSchema.parse({ name: BROKEN, htsCode: "6403.99.60", price: 90 });
    expect(parsed.name).toBe("Boots Bcc: victim@example.com size 9");
    expect(addWatchSchema.safeParse({ name: "\r\n\t", htsCode: "6403.99.60", price: 90 }).success).toBe(false);
  });

  it("an email subject and an alert SMS built from an older stored name stay on one line", async () => {
    const email = await renderEmail({
      template: "trial-day2",
      props: { firstName: "Sam\r\nBcc: victim@example.com", daysLeft: 5, trialEndDate: "Saturday, November 28, 2026", siteUrl: "http://localhost:3000" },
    });
    expect(email.subject).toBe("Sam Bcc: victim@example.com, your tariff protection is active");
    const sms = alertSmsBody({ id: "a1", title: `${BROKEN} rises 4%`, severity: "warning" }, "https://tariffwatch.example");
    expect(sms).not.toMatch(/[\r\n\u0085\u2028\u2029]/);
    expect(sms).toContain("Boots Bcc: victim@example.com size 9 rises 4%");
  });
});
