/**
 * Who may download the e-book files (docs/experience.md "/tariffs-ebook"): the buyer's signed access link
 * (`full` scope, purchase not revoked), or anyone in demo mode, exactly as the chapters
 * open (lib/ebook/access.ts). A free-preview link does not unlock the downloads.
 */
import type { PrismaClient } from "@/lib/db/generated/client";
import { ApiError } from "@/lib/http/route";
import { resolveEbookAccess } from "./access";

export type DownloadFormat = "epub" | "pdf";
export type DownloadGrant = { purchaseId: string | null; demo: boolean };

/** Throws ApiError 401 (no link) or 403 (link that does not open the complete guide); returns who is downloading. */
export async function authorizeEbookDownload(
  db: PrismaClient,
  token: string | undefined,
  opts: { demoMode: boolean; secret: string },
): Promise<DownloadGrant> {
  if (opts.demoMode) return { purchaseId: null, demo: true };
  if (!token) {
    throw new ApiError(401, "Open the download from the access link in your purchase email.", undefined, {
      "WWW-Authenticate": 'Bearer realm="ebook"',
    });
  }
  const access = await resolveEbookAccess(db, token, opts);
  if (access.level === "full") {
    const subject = token.split(".")[1] ?? "";
    return { purchaseId: Buffer.from(subject, "base64url").toString("utf8"), demo: false };
  }
  if (access.reason === "revoked") {
    throw new ApiError(403, "This access link has been turned off. Write to support if you think this is a mistake.");
  }
  if (access.level === "preview") {
    throw new ApiError(403, "The EPUB and PDF downloads come with the complete guide; the free preview opens chapters 1-3 on the page.");
  }
  throw new ApiError(403, "This access link is not valid. Use the link from your purchase email.");
}
