import { z } from "zod";
import { getEnv } from "@/lib/env";
import { ApiError, defineRoute } from "@/lib/http/route";
import { getSecret } from "@/lib/secrets";
import { authorizeEbookDownload } from "@/lib/ebook/download";
import { downloadFileName } from "@/lib/ebook/formats/content";
import { buildEpub, EPUB_MIME } from "@/lib/ebook/formats/epub";
import { buildPdf, PDF_MIME } from "@/lib/ebook/formats/pdf";

export const dynamic = "force-dynamic";

const query = z.object({
  format: z.enum(["epub", "pdf"], { error: 'format must be "epub" or "pdf".' }),
  token: z.string().trim().max(512).optional(),
});

/**
 * GET /api/ebook/download?format=epub|pdf&token=<access token> -> the e-book as an EPUB 3
 * or PDF file, generated on request from the chapter content (lib/ebook/formats). Public
 * route with its own check: the buyer's access link (401 without a token, 403 for a
 * preview, forged or revoked one); demo mode unlocks it as it unlocks the chapters. Each
 * buyer download is counted on the purchase (downloadCount).
 */
export const GET = defineRoute(
  { name: "ebook-download", auth: "public", query, rateLimit: { capacity: 10, refillMs: 6_000 } },
  async ({ db, query: q }) => {
    const env = getEnv();
    const grant = await authorizeEbookDownload(db, q.token || undefined, {
      demoMode: env.ebookDemoMode,
      secret: env.ebookDemoMode ? "" : getSecret("ebook-access"),
    });
    let bytes: Buffer;
    try {
      bytes = q.format === "epub" ? await buildEpub() : await buildPdf();
    } catch (error) {
      console.error("[ebook-download] could not build the file", error);
      throw new ApiError(500, "The file could not be prepared just now. Please try again in a moment.");
    }
    if (grant.purchaseId) {
      await db.ebookPurchase.update({ where: { id: grant.purchaseId }, data: { downloadCount: { increment: 1 } } }).catch((error: unknown) => {
        console.error("[ebook-download] could not count the download", error);
      });
    }
    return new Response(new Uint8Array(bytes), {
      status: 200,
      headers: {
        "Content-Type": q.format === "epub" ? EPUB_MIME : PDF_MIME,
        "Content-Disposition": `attachment; filename="${downloadFileName(q.format)}"`,
        "Content-Length": String(bytes.byteLength),
        "Cache-Control": "private, no-store",
        "X-Robots-Tag": "noindex",
      },
    });
  },
);
