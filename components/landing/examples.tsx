import { computeReferenceExamples, countryName } from "@/lib/alerts/reference-basket";
import { EXAMPLES_LABEL, ExamplesDataLine, ReferenceExamplesTable } from "./reference-examples";
import { containerClass, SectionHeading, sectionClass } from "./section-heading";

/**
 * Every example of the reference basket, computed at build time by the engine on the
 * committed tables (lib/alerts/reference-basket.ts), each with its working. Server component.
 */
export function ReferenceExamplesSection() {
  const data = computeReferenceExamples();
  return (
    <section id="examples" aria-labelledby="examples-heading" data-reveal className={`${sectionClass} bg-slate-50`}>
      <div className={containerClass}>
        <SectionHeading
          id="examples-heading"
          eyebrow={EXAMPLES_LABEL}
          title="What one change in the law does to six everyday items"
          description={`Each row is a real line of the tariff schedule, made in one stated country, at an example price we chose to show dollars (not a market price). The engine computes the duty the day before and the day after ${data.event.title.toLowerCase()}, and the shelf-price band that follows. Open "How we computed this" for every figure and its source.`}
        />
        <div className="mx-auto mt-10 max-w-6xl">
          <ReferenceExamplesTable data={data} />
          <ExamplesDataLine data={data} className="mt-3 text-center text-slate-600" />
          {data.omitted.length > 0 ? (
            <p className="mt-2 text-center text-xs text-slate-600" data-testid="examples-omitted">
              Not computed:{" "}
              {data.omitted.map((o) => `${o.item.name} (${countryName(o.item.origin)}): ${o.reason}`).join(" ")}
            </p>
          ) : null}
        </div>
      </div>
    </section>
  );
}
