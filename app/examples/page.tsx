import type { Metadata } from "next";
import { ReferenceExamplesOverview } from "@/components/landing/examples";
import { EXAMPLES_LABEL, ExamplesDataLine, Working } from "@/components/landing/reference-examples";
import { BackHeader } from "@/components/site/back-header";
import { SiteFooter } from "@/components/site/site-footer";
import { computeReferenceExamples } from "@/lib/alerts/reference-basket";
import { pageMetadata } from "@/lib/seo";

export const metadata: Metadata = pageMetadata({
  title: "How the examples are computed",
  description: "The working behind each example on the home page: the HTS line, the duty before and after with its legal sources, the pass-through band and its citations.",
  path: "/examples",
});

/**
 * The working of every reference-basket example shown on the landing page
 * (docs/claims.md "Hero"; lib/alerts/reference-basket.ts): computed at build time by the engine on the
 * committed tariff tables, prerendered, no database and no client JavaScript.
 */
export default function ExamplesPage() {
  const data = computeReferenceExamples();
  return (
    <>
      <BackHeader />
      <main id="main" className="mx-auto grid max-w-4xl gap-8 px-4 py-10 sm:px-6">
        <header className="grid gap-2">
          <h1 className="text-3xl font-bold text-brand-navy">How the examples are computed</h1>
          <p className="text-slate-700">{EXAMPLES_LABEL}. Each is a real line of the tariff schedule, made in one stated country, at an example price we chose to show dollars (not a market price).</p>
          <ExamplesDataLine data={data} className="text-slate-600" />
        </header>
        <ReferenceExamplesOverview data={data} />
        {data.examples.map((example) => (
          <section key={example.item.id} id={example.item.id} aria-labelledby={`${example.item.id}-title`} className="scroll-mt-24 rounded-xl border bg-white p-5" data-testid="example-detail">
            <h2 id={`${example.item.id}-title`} className="text-xl font-semibold text-brand-navy">
              {example.item.name}, made in {example.originName}
            </h2>
            <Working example={example} data={data} open />
          </section>
        ))}
      </main>
      <SiteFooter />
    </>
  );
}
