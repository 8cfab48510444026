import { countryName, type ReferenceExamples } from "@/lib/alerts/reference-basket";
import { ReferenceExamplesTable } from "./reference-examples";

/**
 * Every example of the reference basket in one table, computed at build time by the engine
 * on the committed tables (lib/alerts/reference-basket.ts), each row linking its working.
 * Server component. It opens /examples; the landing page shows three of the examples in
 * its hero and links here (the table and its working kept the landing over its size
 * budget, docs/performance.md).
 */
export function ReferenceExamplesOverview({ data }: { data: ReferenceExamples }) {
  return (
    <section id="examples" aria-labelledby="examples-heading" className="grid gap-3">
      <h2 id="examples-heading" className="text-xl font-semibold text-brand-navy">
        What one change in the law does to six everyday items
      </h2>
      <p className="text-slate-700">
        The engine computes the duty the day before and the day after one change in the law ({data.event.title}), and
        the shelf-price band that follows. Below the table, each example with every figure and its source.
      </p>
      <ReferenceExamplesTable data={data} />
      {data.omitted.length > 0 ? (
        <p className="text-xs text-slate-600" data-testid="examples-omitted">
          Not computed:{" "}
          {data.omitted.map((o) => `${o.item.name} (${countryName(o.item.origin)}): ${o.reason}`).join(" ")}
        </p>
      ) : null}
    </section>
  );
}
