import JSZip from "jszip";
import { setupTestDatabase } from "../helpers/test-database";
import { newClientIp } from "../helpers/requests";

/**
 * GET /api/ebook/download (docs/experience.md "/tariffs-ebook"): the buyer's access link downloads the guide as
 * EPUB or PDF, generated from the chapters; no link is a 401, a preview, forged or revoked
 * link a 403. Demo mode is off here (demo mode unlocks as it does for the chapters).
 */
const secret = "d".repeat(40);
process.env.EBOOK_DEMO_MODE = "false";
process.env.EBOOK_ACCESS_SECRET = secret;

const db = setupTestDatabase();

async function download(params: Record<string, string>): Promise<Response> {
  const { GET } = await import("@/app/api/ebook/download/route");
  const url = new URL("http://localhost/api/ebook/download");
  for (const [k, v] of Object.entries(params)) url.searchParams.set(k, v);
  return GET(new Request(url, { headers: { "x-forwarded-for": newClientIp() } }));
}

async function purchaseToken(accessGranted = true): Promise<{ id: string; token: string }> {
  const { createAccessToken } = await import("@/lib/ebook/access");
  const purchase = await db.prisma.ebookPurchase.create({
    data: { email: `buyer-${Math.random().toString(36).slice(2)}@example.com`, name: "B", amount: "4.99", accessGranted },
  });
  return { id: purchase.id, token: createAccessToken("full", purchase.id, secret) };
}

describe("GET /api/ebook/download", () => {
  it("answers 401 without a token", async () => {
    const response = await download({ format: "pdf" });
    expect(response.status).toBe(401);
    expect(((await response.json()) as { message: string }).message).toMatch(/access link/);
  });

  it("answers 400 for an unknown format", async () => {
    const { token } = await purchaseToken();
    expect((await download({ format: "docx", token })).status).toBe(400);
  });

  it("answers 403 for a forged, a preview and a revoked link", async () => {
    const { createAccessToken } = await import("@/lib/ebook/access");
    expect((await download({ format: "pdf", token: "full.Zm9v.forged" })).status).toBe(403);
    expect((await download({ format: "pdf", token: createAccessToken("preview", "reader@example.com", secret) })).status).toBe(403);
    const revoked = await purchaseToken(false);
    expect((await download({ format: "pdf", token: revoked.token })).status).toBe(403);
  });

  it("sends the PDF to a buyer, with its type and file name, and counts the download", async () => {
    const { id, token } = await purchaseToken();
    const response = await download({ format: "pdf", token });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/pdf");
    expect(response.headers.get("content-disposition")).toBe('attachment; filename="the-tariff-survival-guide.pdf"');
    expect(response.headers.get("cache-control")).toBe("private, no-store");
    const bytes = Buffer.from(await response.arrayBuffer());
    expect(bytes.subarray(0, 5).toString("latin1")).toBe("%PDF-");
    expect(Number(response.headers.get("content-length"))).toBe(bytes.byteLength);
    expect((await db.prisma.ebookPurchase.findUniqueOrThrow({ where: { id } })).downloadCount).toBe(1);
  });

  it("sends the EPUB to a buyer", async () => {
    const { token } = await purchaseToken();
    const response = await download({ format: "epub", token });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/epub+zip");
    expect(response.headers.get("content-disposition")).toBe('attachment; filename="the-tariff-survival-guide.epub"');
    const zip = await JSZip.loadAsync(Buffer.from(await response.arrayBuffer()));
    expect(Object.keys(zip.files)[0]).toBe("mimetype");
    expect(zip.file("OEBPS/chapter-9.xhtml")).not.toBeNull();
  });
});
