import { POST as signup } from "@/app/api/ebook-email-signup/route";
import { resolveEbookAccess, verifyAccessToken } from "@/lib/ebook/access";
import { signUpForPreview } from "@/lib/ebook/signup";
import { getSecret } from "@/lib/secrets";
import { postRequest, readJson } from "../helpers/requests";
import { setupTestDatabase } from "../helpers/test-database";

const db = setupTestDatabase();
const quiet = { info: () => undefined };

beforeAll(() => {
  process.env.SECRETS_FILE = `/tmp/tariffwatch-test-secrets-${process.pid}.json`;
});

describe("POST /api/ebook-email-signup", () => {
  it("records the signup once and emails a signed link to chapters 1-3", async () => {
    const response = await signup(postRequest("/api/ebook-email-signup", { name: " Dana ", email: "Dana@Example.com" }));
    expect(response.status).toBe(201);
    const row = await db.prisma.ebookSignup.findUniqueOrThrow({ where: { email: "dana@example.com" } });
    expect(row).toMatchObject({ name: "Dana", previewSent: true, purchaseCompleted: false });

    const email = await db.prisma.sentEmail.findFirstOrThrow({ where: { template: "ebook-preview" } });
    expect(email.recipient).toBe("dana@example.com");
    const link = email.html.match(/href="([^"]*tariffs-ebook\?access=[^"]+)"/)?.[1]?.replace(/&amp;/g, "&");
    expect(link).toBeTruthy();
    const token = decodeURIComponent(new URL(link ?? "").searchParams.get("access") ?? "");
    const secret = getSecret("ebook-access");
    expect(verifyAccessToken(token, secret)).toEqual({ scope: "preview", subject: "dana@example.com" });
    const access = await resolveEbookAccess(db.prisma, token, { demoMode: false, secret });
    expect(access).toMatchObject({ level: "preview", unlocked: [1, 2, 3] });
  });

  it("a repeat signup re-sends the preview instead of failing, keeping one row", async () => {
    await signUpForPreview(db.prisma, { name: "Eli", email: "eli@example.com" }, { now: new Date("2026-11-21T10:00:00Z"), siteUrl: "http://x", secret: "s".repeat(40), logger: quiet });
    const again = await signUpForPreview(db.prisma, { name: "Eli", email: "eli@example.com" }, { now: new Date("2026-11-22T10:00:00Z"), siteUrl: "http://x", secret: "s".repeat(40), logger: quiet });
    expect(again.status).toBe("resent");
    expect(await db.prisma.ebookSignup.count()).toBe(1);
    expect(await db.prisma.sentEmail.count({ where: { template: "ebook-preview" } })).toBe(2);
  });

  it("a double submission sends one email and leaves one row", async () => {
    const responses = await Promise.all(
      Array.from({ length: 10 }, () => signup(postRequest("/api/ebook-email-signup", { name: "Fay", email: "fay@example.com" }))),
    );
    for (const r of responses) expect([200, 201]).toContain(r.status);
    expect(await db.prisma.ebookSignup.count()).toBe(1);
    expect(await db.prisma.sentEmail.count({ where: { template: "ebook-preview" } })).toBe(1);
  });

  it("gives the spec's message per field and stores nothing for bad input", async () => {
    const response = await signup(postRequest("/api/ebook-email-signup", { name: "F", email: "nope" }));
    expect(response.status).toBe(400);
    expect((await readJson(response)).errors).toEqual({
      name: "Name must be at least 2 characters",
      email: "Please enter a valid email address",
    });
    for (const raw of ["{", "[]", JSON.stringify({ name: "x".repeat(500), email: "a@b.co" })]) {
      expect((await signup(postRequest("/api/ebook-email-signup", raw))).status).toBe(400);
    }
    expect(await db.prisma.ebookSignup.count()).toBe(0);
  });
});

describe("e-book access", () => {
  const secret = "t".repeat(40);

  it("demo mode unlocks every chapter without a link", async () => {
    expect(await resolveEbookAccess(db.prisma, undefined, { demoMode: true, secret })).toMatchObject({ level: "demo", unlocked: [1, 2, 3, 4, 5, 6, 7, 8, 9] });
  });

  it("with demo mode off, nothing opens without a link and a forged link is refused", async () => {
    expect(await resolveEbookAccess(db.prisma, undefined, { demoMode: false, secret })).toMatchObject({ level: "none", unlocked: [] });
    expect(await resolveEbookAccess(db.prisma, "full.Zm9v.forged", { demoMode: false, secret })).toMatchObject({ level: "none", reason: "invalid-link" });
  });

  it("a purchase link opens all nine chapters until an admin revokes it", async () => {
    const { createAccessToken } = await import("@/lib/ebook/access");
    const purchase = await db.prisma.ebookPurchase.create({ data: { email: "buyer@example.com", name: "B", paypalOrderId: "ORDER9", amount: "4.99" } });
    const token = createAccessToken("full", purchase.id, secret);
    expect(await resolveEbookAccess(db.prisma, token, { demoMode: false, secret })).toMatchObject({ level: "full", unlocked: [1, 2, 3, 4, 5, 6, 7, 8, 9] });
    await db.prisma.ebookPurchase.update({ where: { id: purchase.id }, data: { accessGranted: false } });
    expect(await resolveEbookAccess(db.prisma, token, { demoMode: false, secret })).toMatchObject({ level: "none", reason: "revoked" });
    // A preview link cannot be turned into a full one by editing its scope.
    const preview = createAccessToken("preview", purchase.id, secret);
    const tampered = preview.replace(/^preview\./, "full.");
    expect(await resolveEbookAccess(db.prisma, tampered, { demoMode: false, secret })).toMatchObject({ level: "none" });
  });
});
