import { CheckCircle2, Lock, Sparkles } from "lucide-react";
import { Button } from "@/components/ui/button";
import { cn } from "@/lib/utils";

/**
 * The parts of /tariffs-ebook that depend on who is reading (docs/decisions.md "E-book
 * pages"): the demo-mode banner, the notice about an access link, and the buyer's
 * downloads. The page itself is prerendered; the browser asks GET /api/ebook/library what
 * the visitor may open (components/ebook/ebook-access.tsx) and shows these accordingly.
 * Nothing here imports the chapters' content.
 */

export const EBOOK_CONTAINER = "mx-auto max-w-6xl px-4 sm:px-6";
const container = EBOOK_CONTAINER;

export function DemoBanner() {
  return (
    <div role="note" data-testid="ebook-demo-banner" className="border-y border-green-300 bg-green-50">
      <p className={cn(container, "flex items-start gap-3 py-4 text-green-950")}>
        <Sparkles aria-hidden className="mt-0.5 size-5 shrink-0 text-green-700" />
        <span>
          <strong>Demo mode: all content is unlocked.</strong> Every chapter, narration, animation and transcript is open
          to explore, with no signup or purchase needed.
        </span>
      </p>
    </div>
  );
}

export type AccessNoticeKind = "preview" | "full" | "invalid-link" | "revoked" | "unavailable";

const ACCESS_NOTICES: Record<AccessNoticeKind, { tone: "info" | "success" | "warning"; title: string; body: string }> = {
  preview: {
    tone: "info",
    title: "Your free preview is unlocked.",
    body: "Chapters 1-3 are open below. Get the complete guide to unlock chapters 4-9.",
  },
  full: {
    tone: "success",
    title: "Thank you for your purchase: all 9 chapters are unlocked.",
    body: "Bookmark this page's address to come back any time.",
  },
  "invalid-link": {
    tone: "warning",
    title: "This access link is not valid.",
    body: "It may be incomplete or mistyped. Open the link from your email again, or contact support.",
  },
  revoked: {
    tone: "warning",
    title: "This access link no longer works.",
    body: "Access for this purchase has been withdrawn. If you think this is a mistake, contact support.",
  },
  unavailable: {
    tone: "warning",
    title: "We could not check your access link right now.",
    body: "Please reload the page in a moment.",
  },
};

const toneClass = {
  info: "border-blue-300 bg-blue-50 text-blue-950",
  success: "border-green-300 bg-green-50 text-green-950",
  warning: "border-amber-300 bg-amber-50 text-amber-950",
} as const;

export function AccessNotice({ kind, supportEmail }: { kind: AccessNoticeKind; supportEmail: string }) {
  const notice = ACCESS_NOTICES[kind];
  const Icon = notice.tone === "warning" ? Lock : CheckCircle2;
  return (
    <div role={notice.tone === "warning" ? "alert" : "status"} data-testid="ebook-access-notice" data-kind={kind} className={cn("border-y", toneClass[notice.tone])}>
      <div className={cn(container, "flex items-start gap-3 py-4")}>
        <Icon aria-hidden className="mt-0.5 size-5 shrink-0" />
        <p>
          <strong>{notice.title}</strong> {notice.body}
          {notice.tone === "warning" ? (
            <>
              {" "}
              <a className="font-semibold underline underline-offset-4" href={`mailto:${supportEmail}`}>
                {supportEmail}
              </a>
            </>
          ) : null}
        </p>
      </div>
    </div>
  );
}


/**
 * The buyer's downloads (docs/experience.md "/tariffs-ebook"): the guide as EPUB and PDF, generated from the
 * chapters by GET /api/ebook/download with the access token of the purchase link (no token
 * needed in demo mode).
 */
export function EbookDownloads({ token }: { token?: string }) {
  const href = (format: "epub" | "pdf") =>
    `/api/ebook/download?format=${format}${token ? `&token=${encodeURIComponent(token)}` : ""}`;
  return (
    <section aria-labelledby="downloads-heading" className={cn(container, "pt-8")} data-testid="ebook-downloads">
      <div className="rounded-xl border border-blue-200 bg-blue-50 p-5">
        <h2 id="downloads-heading" className="text-lg font-bold text-brand-navy">
          Download the guide
        </h2>
        <p className="mt-1 text-sm text-slate-700">All nine chapters with their key points and full text, for your e-reader or to print.</p>
        <div className="mt-3 flex flex-wrap gap-3">
          <Button asChild variant="default">
            <a href={href("epub")} download data-testid="download-epub">
              Download EPUB
            </a>
          </Button>
          <Button asChild variant="outline">
            <a href={href("pdf")} download data-testid="download-pdf">
              Download PDF
            </a>
          </Button>
        </div>
      </div>
    </section>
  );
}
