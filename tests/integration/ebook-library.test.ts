import { CHAPTERS } from "@/lib/ebook/chapters";
import type { EbookLibraryAnswer } from "@/components/ebook/library-types";
import { setupTestDatabase } from "../helpers/test-database";
import { newClientIp } from "../helpers/requests";

/**
 * GET /api/ebook/library (docs/decisions.md "E-book pages"): /tariffs-ebook is prerendered without chapter
 * content, and the browser asks this what the visitor may open. Locked chapters stay on
 * the server (docs/decisions.md "E-book pages"): no link opens nothing, a preview link
 * chapters 1-3, a purchase link 1-9 until it is revoked. Demo mode is off here (the e2e
 * server runs with it on: e2e/ebook.spec.ts).
 */
const secret = "l".repeat(40);
process.env.EBOOK_DEMO_MODE = "false";
process.env.EBOOK_ACCESS_SECRET = secret;

const db = setupTestDatabase();

async function library(access?: string): Promise<{ response: Response; body: EbookLibraryAnswer }> {
  const { GET } = await import("@/app/api/ebook/library/route");
  const url = new URL("http://localhost/api/ebook/library");
  if (access !== undefined) url.searchParams.set("access", access);
  const response = await GET(new Request(url, { headers: { "x-forwarded-for": newClientIp() } }));
  return { response, body: (await response.json()) as EbookLibraryAnswer };
}

async function purchaseToken(accessGranted = true): Promise<string> {
  const { createAccessToken } = await import("@/lib/ebook/access");
  const purchase = await db.prisma.ebookPurchase.create({
    data: { email: `buyer-${Math.random().toString(36).slice(2)}@example.com`, name: "B", amount: "4.99", accessGranted },
  });
  return createAccessToken("full", purchase.id, secret);
}

const ids = (body: EbookLibraryAnswer) => body.chapters.map((c) => c.id);

describe("GET /api/ebook/library", () => {
  it("without a link: nothing opens, no notice, and the answer may be cached (it is the same for everyone)", async () => {
    const { response, body } = await library();
    expect(response.status).toBe(200);
    expect(body).toMatchObject({ level: "none", notice: null, chapters: [] });
    expect(response.headers.get("cache-control")).toBe("public, s-maxage=60");
    expect((await library("   ")).body.level).toBe("none");
  });

  it("a preview link opens chapters 1-3 with their content, and says so", async () => {
    const { createAccessToken } = await import("@/lib/ebook/access");
    const { response, body } = await library(createAccessToken("preview", "reader@example.com", secret));
    expect(body.level).toBe("preview");
    expect(body.notice).toBe("preview");
    expect(ids(body)).toEqual([1, 2, 3]);
    expect(body.chapters[0]?.content.transcript).toBe(CHAPTERS[0]!.transcript);
    expect(JSON.stringify(body)).not.toContain(CHAPTERS[3]!.transcript.slice(0, 40));
    expect(response.headers.get("cache-control")).toBe("private, no-store");
  });

  it("a purchase link opens all nine chapters", async () => {
    const { body } = await library(await purchaseToken());
    expect(body.level).toBe("full");
    expect(body.notice).toBe("full");
    expect(ids(body)).toEqual(CHAPTERS.map((c) => c.id));
    expect(body.chapters[8]?.content.narrator).toBeDefined();
  });

  it("a forged link and a revoked purchase open nothing and say why, naming support", async () => {
    const forged = await library("full.Zm9v.forged");
    expect(forged.body).toMatchObject({ level: "none", notice: "invalid-link", chapters: [] });
    expect(forged.body.supportEmail).toMatch(/@/);
    const revoked = await library(await purchaseToken(false));
    expect(revoked.body).toMatchObject({ level: "none", notice: "revoked", chapters: [] });
  });

  it("refuses an oversized link with a 400 naming the field", async () => {
    const { response, body } = await library("x".repeat(600));
    expect(response.status).toBe(400);
    expect((body as unknown as { errors: Record<string, string> }).errors.access).toMatch(/512/);
  });
});
