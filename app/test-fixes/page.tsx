import type { Metadata } from "next";
import Link from "next/link";
import { BackHeader } from "@/components/site/back-header";
import { getChapter } from "@/lib/ebook/chapters";
import { pageMetadata } from "@/lib/seo";
import { TestFixes, type TestChapter } from "./test-fixes";

export const metadata: Metadata = pageMetadata({
  title: "Player test fixes",
  description: "Developer page comparing the fixed and original chapter players for chapters 7 and 8.",
  path: "/test-fixes",
  noIndex: true,
});

const CHAPTERS: TestChapter[] = ([7, 8] as const).map((id) => ({ id, title: getChapter(id)?.title ?? `Chapter ${id}` }));

const INSTRUCTIONS = [
  "Pick Chapter 7 or Chapter 8; both columns switch to that chapter.",
  "Fixed column: the Audio tab shows that audio is disabled; the Video tab animates the chapter's chart. Pause Visualization stops it, Play Visualization continues, the refresh button starts it over.",
  "Original column: Play and Pause control the visualization; Test Console writes the chapter's player state to the browser console (open the developer tools to see it).",
  "Play Test Tone: chapter 7 plays 440 Hz and chapter 8 plays 523 Hz, each for 1 second.",
  "Nothing on this page makes network calls; if sound or animation fails, see the multimedia test page.",
] as const;

/** Developer page (docs/product-rules.md §2). */
export default function TestFixesPage() {
  return (
    <>
      <BackHeader backHref="/tariffs-ebook" backLabel="Back to E-book" />
      <main id="main" className="bg-slate-50">
        <div className="mx-auto grid max-w-6xl gap-8 px-4 py-10 sm:px-6">
          <div>
            <p className="text-sm font-semibold uppercase tracking-wide text-primary">Developer page</p>
            <h1 className="mt-1 text-3xl font-bold tracking-tight text-brand-navy">Chapter Player Test Fixes</h1>
            <p className="mt-2 text-slate-700">Compare the fixed chapter player with the original one.</p>
          </div>
          <TestFixes chapters={CHAPTERS} />
          <section aria-labelledby="instructions-heading" className="rounded-xl border bg-white p-6 shadow-sm" data-testid="testing-instructions">
            <h2 id="instructions-heading" className="text-lg font-semibold text-slate-900">
              Testing instructions
            </h2>
            <ol className="mt-3 grid list-decimal gap-2 pl-5 text-sm text-slate-700">
              {INSTRUCTIONS.map((step) => (
                <li key={step}>{step}</li>
              ))}
              <li>
                Multimedia checks:{" "}
                <Link href="/multimedia-test" className="font-semibold text-primary underline underline-offset-4">
                  /multimedia-test
                </Link>
                .
              </li>
            </ol>
          </section>
        </div>
      </main>
    </>
  );
}
