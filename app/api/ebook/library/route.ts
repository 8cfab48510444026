import { z } from "zod";
import type { AccessNoticeKind } from "@/components/ebook/access-sections";
import { libraryChapters } from "@/components/ebook/library-data";
import type { EbookLibraryAnswer } from "@/components/ebook/library-types";
import { resolveEbookAccess, type EbookAccess } from "@/lib/ebook/access";
import { getEnv } from "@/lib/env";
import { defineRoute } from "@/lib/http/route";
import { getSecret } from "@/lib/secrets";

export const dynamic = "force-dynamic";

const query = z.object({
  access: z.string().trim().max(512, "access must be at most 512 characters.").optional(),
});

function noticeKind(access: EbookAccess, unavailable: boolean): AccessNoticeKind | null {
  if (unavailable) return "unavailable";
  if (access.reason) return access.reason;
  if (access.level === "preview" || access.level === "full") return access.level;
  return null;
}

/**
 * GET /api/ebook/library[?access=<token>] -> which chapters the visitor may open, with their
 * content (docs/decisions.md "E-book pages": locked chapters stay on the server). The
 * /tariffs-ebook page is prerendered with every chapter's card and no content
 * (docs/performance.md); the browser asks this with the page's `?access=` link. Demo mode unlocks every
 * chapter; a preview link chapters 1-3; a purchase link 1-9 until an admin revokes it. A
 * link that cannot be checked (the database is down) is "unavailable", never an error page.
 * Without a link the answer is the same for everyone, so a shared cache may keep it a minute.
 */
export const GET = defineRoute(
  { name: "ebook-library", auth: "public", query, rateLimit: { capacity: 30, refillMs: 2_000 } },
  async ({ db, query: q }) => {
    const token = q.access || undefined;
    const env = getEnv();
    let access: EbookAccess;
    let unavailable = false;
    try {
      access = await resolveEbookAccess(db, token, {
        demoMode: env.ebookDemoMode,
        // The signing secret is only needed (and only required in production) when links are checked.
        secret: env.ebookDemoMode ? "" : getSecret("ebook-access"),
      });
    } catch (error) {
      console.error("[ebook-library] access check failed:", error);
      access = { level: "none", unlocked: [] };
      unavailable = Boolean(token);
    }
    const answer: EbookLibraryAnswer = {
      level: access.level,
      notice: noticeKind(access, unavailable),
      chapters: libraryChapters(access.unlocked).flatMap((c) => (c.content ? [{ id: c.id, content: c.content }] : [])),
      supportEmail: env.SUPPORT_EMAIL,
    };
    return Response.json(answer, {
      headers: {
        "Cache-Control": token || unavailable ? "private, no-store" : "public, s-maxage=60",
        "X-Robots-Tag": "noindex",
      },
    });
  },
);
