import { POST as signup } from "@/app/api/ebook-email-signup/route";
import { POST as startTrialCall } from "@/app/api/free-trial/route";
import { followUpSchema } from "@/lib/admin/follow-up-schema";
import { ebookSignupSchema } from "@/lib/ebook/signup-schema";
import { freeTrialSchema } from "@/lib/trials/schema";
import { cleanName } from "@/lib/validation/name";
import { postRequest, readJson } from "../helpers/requests";
import { setupTestDatabase } from "../helpers/test-database";

// docs/security.md "Names cannot phish": names typed into forms cannot carry a phishing link or a header into
// an email subject, heading or greeting.
const db = setupTestDatabase();

describe("cleanName", () => {
  it.each([
    ["Ana https://evil.example/login", "Ana"],
    ["Ana, verify at http://evil.example now", "Ana, verify at now"],
    ["Visit www.evil-bank.com Ana", "Visit Ana"],
    ["Ana evil-bank.com/login", "Ana"],
    ["Ana paypal.com", "Ana"],
    ["Ana hxxp://x", "Ana"],
    ["Ana evil.zip", "Ana"],
    ["Ana ana@evil.example", "Ana"],
    ["Ana\u202E Lopez", "Ana Lopez"],
    ["Zo\u200Be", "Zoe"],
    ["  Ana \t  María  ", "Ana María"],
    ["O'Brien-Smith", "O'Brien-Smith"],
    ["J. R. R. Tolkien", "J. R. R. Tolkien"],
    ["José Ñúñez", "José Ñúñez"],
  ])("%j becomes %j", (raw, clean) => {
    expect(cleanName(raw)).toBe(clean);
  });
});

describe("name fields in the schemas", () => {
  const base = { firstName: "Ana", lastName: "Lopez", email: "ana@example.com" };
  it.each([
    ["CR/LF", "Ana\r\nBcc: victim@example.com"],
    ["LF", "Ana\nLopez"],
    ["NUL", "Ana\u0000"],
    ["a control character", "Ana\u0007"],
    ["a lone surrogate", "Ana\uD800"],
  ])("refuse %s with a message", (_what, firstName) => {
    const result = freeTrialSchema.safeParse({ ...base, firstName });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toMatch(/First name must be one line of text/);
    expect(ebookSignupSchema.safeParse({ name: firstName, email: base.email }).error?.issues[0]?.message).toMatch(/Name must be one line of text/);
    expect(followUpSchema.safeParse({ ...base, lastName: firstName, emailType: "day2" }).error?.issues[0]?.message).toMatch(/Last name must be one line of text/);
  });

  it("strip links and limit the length after cleaning", () => {
    expect(freeTrialSchema.parse({ ...base, firstName: "Ana https://evil.example/login" }).firstName).toBe("Ana");
    expect(followUpSchema.parse({ ...base, lastName: "Lopez www.evil.example", emailType: "day5" }).lastName).toBe("Lopez");
    expect(ebookSignupSchema.parse({ name: "Dana evil.com", email: base.email }).name).toBe("Dana");
    expect(freeTrialSchema.safeParse({ ...base, firstName: "https://evil.example/login" }).error?.issues[0]?.message).toMatch(/at least 2 characters/);
    expect(freeTrialSchema.safeParse({ ...base, firstName: "a".repeat(101) }).error?.issues[0]?.message).toMatch(/at most 100/);
  });
});

describe("the routes", () => {
  it("a trial with a link in the name stores and greets the name without it", async () => {
    const response = await startTrialCall(postRequest("/api/free-trial", { firstName: "Ana https://evil.example/verify", lastName: "Lopez", email: "ana@example.com" }));
    expect(response.status).toBe(201);
    const trial = await db.prisma.freeTrial.findUniqueOrThrow({ where: { email: "ana@example.com" } });
    expect(trial.firstName).toBe("Ana");
    const email = await db.prisma.sentEmail.findFirstOrThrow();
    expect(`${email.subject}\n${email.text}\n${email.html}`).not.toMatch(/evil\.example/);
  });

  it("CR/LF in a name is a 400 with a message, not a 500", async () => {
    const trial = await startTrialCall(postRequest("/api/free-trial", { firstName: "Ana\r\nBcc: x@example.com", lastName: "Lopez", email: "ana@example.com" }));
    expect(trial.status).toBe(400);
    expect(JSON.stringify(await readJson(trial))).toMatch(/one line of text/);
    const ebook = await signup(postRequest("/api/ebook-email-signup", { name: "Dana\nvisit evil", email: "dana@example.com" }));
    expect(ebook.status).toBe(400);
    expect(await db.prisma.freeTrial.count()).toBe(0);
    expect(await db.prisma.ebookSignup.count()).toBe(0);
  });

  it("an e-book signup with a link in the name keeps only the name", async () => {
    const response = await signup(postRequest("/api/ebook-email-signup", { name: "Dana http://evil.example", email: "dana@example.com" }));
    expect(response.status).toBeLessThan(300);
    expect((await db.prisma.ebookSignup.findFirstOrThrow()).name).toBe("Dana");
    const email = await db.prisma.sentEmail.findFirst();
    if (email) expect(`${email.subject}\n${email.text}`).not.toMatch(/evil\.example/);
  });
});
