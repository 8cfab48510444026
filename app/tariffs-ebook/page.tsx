import type { Metadata } from "next";
import { SiteFooter } from "@/components/site/site-footer";
import { SiteHeader } from "@/components/site/site-header";
import { ChapterGuideNote, EbookAccessNotices, EbookAccessProvider, EbookChapterLibrary } from "@/components/ebook/ebook-access";
import { chapterCardParts } from "@/components/ebook/chapter-icon";
import { libraryChapters } from "@/components/ebook/library-data";
import { PreviewSignup } from "@/components/ebook/preview-signup";
import { PreviewSignupPlaceholder } from "@/components/ebook/preview-signup-view";
import {
  BenefitGrid,
  ChapterGuide,
  ClosingCta,
  EbookHeader,
  EbookTestimonials,
  HeadlineAndSignup,
  PriceCard,
  UrgentNotice,
} from "@/components/ebook/sales-sections";
import { pageMetadata } from "@/lib/seo";

export const metadata: Metadata = pageMetadata({
  title: "The Tariff Survival Guide (e-book)",
  description:
    "A nine-chapter guide to protecting your household budget from tariffs: read aloud by your browser, animated charts, transcripts and key points, EPUB and PDF downloads. First 3 chapters free.",
  path: "/tariffs-ebook",
});

/**
 * The e-book's sales page and chapter library, prerendered
 * (docs/performance.md): the same for every visitor, with every chapter's card and no
 * chapter content. What this visitor may open (demo mode, a preview or purchase link in
 * `?access=`) is asked by the browser (components/ebook/ebook-access.tsx, GET
 * /api/ebook/library), which adds the notices, the downloads and the open chapters.
 */
export default function TariffsEbookPage() {
  const cards = libraryChapters([]);
  return (
    <>
      <SiteHeader />
      <main id="main">
        <EbookAccessProvider>
          <EbookHeader />
          <EbookAccessNotices />
          <UrgentNotice />
          <HeadlineAndSignup>
            <PreviewSignup>
              <PreviewSignupPlaceholder />
            </PreviewSignup>
          </HeadlineAndSignup>
          <BenefitGrid />
          <ChapterGuide note={<ChapterGuideNote />}>
            <EbookChapterLibrary cards={cards} parts={chapterCardParts(cards)} />
          </ChapterGuide>
          <PriceCard />
          <EbookTestimonials />
          <ClosingCta />
        </EbookAccessProvider>
      </main>
      <SiteFooter />
    </>
  );
}
