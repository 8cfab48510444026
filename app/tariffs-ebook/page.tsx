import type { Metadata } from "next";
import { SiteFooter } from "@/components/site/site-footer";
import { SiteHeader } from "@/components/site/site-header";
import { ChapterLibrary } from "@/components/ebook/chapter-library";
import { libraryChapters } from "@/components/ebook/library-data";
import { PreviewSignup } from "@/components/ebook/preview-signup";
import {
  AccessNotice,
  BenefitGrid,
  ChapterGuide,
  ClosingCta,
  DemoBanner,
  EbookDownloads,
  EbookHeader,
  EbookTestimonials,
  HeadlineAndSignup,
  PriceCard,
  UrgentNotice,
  type AccessNoticeKind,
} from "@/components/ebook/sales-sections";
import { resolveEbookAccess, type EbookAccess } from "@/lib/ebook/access";
import { getDb } from "@/lib/db";
import { getEnv } from "@/lib/env";
import { getSecret } from "@/lib/secrets";
import { pageMetadata } from "@/lib/seo";

// Reads the ?access= link and the demo-mode setting on every request.
export const dynamic = "force-dynamic";

export const metadata: Metadata = pageMetadata({
  title: "The Tariff Survival Guide (e-book)",
  description:
    "A nine-chapter guide to protecting your household budget from tariffs: read aloud by your browser, animated charts, transcripts and key points, EPUB and PDF downloads. First 3 chapters free.",
  path: "/tariffs-ebook",
});

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

async function accessFor(token: string | undefined): Promise<{ access: EbookAccess; unavailable: boolean }> {
  const env = getEnv();
  try {
    const access = await resolveEbookAccess(getDb(), token, {
      demoMode: env.ebookDemoMode,
      // The signing secret is only needed (and only required in production) when links are checked.
      secret: env.ebookDemoMode ? "" : getSecret("ebook-access"),
    });
    return { access, unavailable: false };
  } catch (error) {
    console.error("E-book access check failed:", error);
    return { access: { level: "none", unlocked: [] }, unavailable: Boolean(token) };
  }
}

function noticeKind(access: EbookAccess, unavailable: boolean): AccessNoticeKind | null {
  if (unavailable) return "unavailable";
  if (access.reason) return access.reason;
  if (access.level === "preview" || access.level === "full") return access.level;
  return null;
}

export default async function TariffsEbookPage({ searchParams }: { searchParams: SearchParams }) {
  const params = await searchParams;
  const token = typeof params.access === "string" && params.access.trim() ? params.access.trim() : undefined;
  const { access, unavailable } = await accessFor(token);
  const demo = access.level === "demo";
  const notice = noticeKind(access, unavailable);
  const chapters = libraryChapters(access.unlocked);

  return (
    <>
      <SiteHeader />
      <main id="main">
        <EbookHeader />
        {demo ? <DemoBanner /> : null}
        {notice ? <AccessNotice kind={notice} supportEmail={getEnv().SUPPORT_EMAIL} /> : null}
        {access.level === "full" || demo ? <EbookDownloads token={access.level === "full" ? token : undefined} /> : null}
        <UrgentNotice />
        <HeadlineAndSignup>
          <PreviewSignup />
        </HeadlineAndSignup>
        <BenefitGrid />
        <ChapterGuide demo={demo}>
          <ChapterLibrary chapters={chapters} />
        </ChapterGuide>
        <PriceCard />
        <EbookTestimonials />
        <ClosingCta />
      </main>
      <SiteFooter />
    </>
  );
}
