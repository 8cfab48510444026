import { formatPrice } from "@/lib/catalog";
import { monthAbbreviation } from "@/lib/economy/periods";
import { fixedPct, signedDollars, signedPct } from "@/lib/tariffs/evidence";
import {
  EXAMPLE_PRICE_LABEL,
  tablesDataAsOf,
  type Comparison,
  type ReferenceExample,
  type ReferenceExamples,
} from "@/lib/alerts/reference-basket";
import type { Severity } from "@/lib/alerts/severity";
import type { SourceDocument } from "@/lib/tariffs/types";
import { cn } from "@/lib/utils";

/**
 * The reference-basket examples (lib/alerts/reference-basket.ts) as server components:
 * each with its inputs, the duty before and after, the projected band on its example
 * price and a native <details> disclosure with the working and the sources. No client JS.
 */

export const EXAMPLES_LABEL = "Examples computed by our engine on a fixed reference basket";

const severityClass: Record<Severity, string> = {
  critical: "bg-red-700 text-white",
  act: "bg-red-100 text-red-800",
  watch: "bg-amber-100 text-amber-900",
  info: "bg-slate-100 text-slate-700",
  relief: "bg-green-100 text-green-800",
};

/** "2026-07-24" → "24 Jul 2026". */
export function dayText(iso: string): string {
  const [y, m, d] = iso.split("-");
  return `${Number(d)} ${monthAbbreviation(Number(m))} ${y}`;
}

function dutyText(c: Comparison, which: "before" | "after"): string {
  const total = c[which].total;
  return total === null ? "unknown" : fixedPct(total, 1);
}

function changed(c: Comparison): boolean {
  return c.landedChangePct !== null && Math.abs(c.landedChangePct) >= 0.005;
}

function bandText(c: Comparison): string | null {
  if (!c.band) return null;
  return `${signedPct(c.band.low)} / ${signedPct(c.band.central)} / ${signedPct(c.band.high)}`;
}

function dollarsText(c: Comparison): string | null {
  if (!c.dollars) return null;
  return `${signedDollars(c.dollars.low)} / ${signedDollars(c.dollars.central)} / ${signedDollars(c.dollars.high)}`;
}

export function SeverityBadge({ severity }: { severity: Severity }) {
  return (
    <span className={cn("shrink-0 rounded-full px-2 py-0.5 text-xs font-bold uppercase", severityClass[severity])}>
      {severity}
      <span className="sr-only"> severity</span>
    </span>
  );
}

export function UnconfirmedBadge() {
  return (
    <span
      className="shrink-0 rounded-full border border-dashed border-amber-600 px-2 py-0.5 text-xs font-semibold text-amber-900"
      title="A measure used here is marked low confidence in our tables: verify against the final notice."
    >
      unconfirmed
    </span>
  );
}

function sourceLine(s: SourceDocument): string {
  return [s.publisher, s.title, s.citation, s.publishedAt].filter(Boolean).join(", ");
}

/** The "How we computed this" disclosure: inputs, every figure's formula, sources. */
export function Working({ example, data, open = false }: { example: ReferenceExample; data: ReferenceExamples; open?: boolean }) {
  const number = new Map(example.sources.map((s, i) => [s.id, i + 1]));
  const notes = [...new Set([...example.event.before.notes, ...example.event.after.notes, ...example.unknowns])];
  const baseline = example.sinceBaseline;
  return (
    <details open={open} className="group mt-3 rounded-md border border-slate-200 bg-slate-50 text-sm" data-testid="example-working">
      <summary className="cursor-pointer px-3 py-2 font-semibold text-primary">How we computed this</summary>
      <div className="grid gap-3 px-3 pb-3 text-slate-700">
        <dl className="grid gap-1">
          <div>
            <dt className="inline font-semibold">Item: </dt>
            <dd className="inline">
              HTS {example.line.code} &ldquo;{example.line.description}&rdquo; ({example.category.name}), general rate{" "}
              {example.line.generalRateText}
            </dd>
          </div>
          <div>
            <dt className="inline font-semibold">Made in: </dt>
            <dd className="inline">{example.originName} (declared for the example, so every dollar of duty applies)</dd>
          </div>
          <div>
            <dt className="inline font-semibold">Price: </dt>
            <dd className="inline">
              {formatPrice(example.item.examplePriceCents, { cents: true })} {EXAMPLE_PRICE_LABEL}, not a market price
            </dd>
          </div>
          <div>
            <dt className="inline font-semibold">Window: </dt>
            <dd className="inline">
              duties on {data.event.t0} against {data.event.t1} ({data.event.title})
            </dd>
          </div>
        </dl>
        <ol className="grid gap-2" aria-label="Figures and formulas">
          {example.evidence.map((node) => (
            <li key={node.id}>
              <span className="font-medium text-slate-900">{node.label}:</span> {node.value}
              {node.unconfirmed ? <span className="ml-1 text-xs text-amber-900">(unconfirmed)</span> : null}
              {node.formula ? <span className="block font-mono text-xs text-slate-600">{node.formula}</span> : null}
              {node.sourceIds.length > 0 ? (
                <span className="text-xs text-slate-500">
                  {" "}
                  [{node.sourceIds.map((id) => number.get(id) ?? id).join(", ")}]
                </span>
              ) : null}
            </li>
          ))}
          <li>
            <span className="font-medium text-slate-900">Against {dayText(data.baseline)}:</span> duty{" "}
            {baseline.beforeFormula} on {baseline.t0}; {baseline.afterFormula} on {baseline.t1}
            {baseline.landedChangePct !== null ? `; landed cost ${signedPct(baseline.landedChangePct)}` : ""}
          </li>
        </ol>
        {notes.length > 0 ? (
          <ul className="list-disc pl-5 text-xs text-slate-600">
            {notes.map((n) => (
              <li key={n}>{n}</li>
            ))}
          </ul>
        ) : null}
        <p className="text-xs text-slate-600">
          Ignores exchange rates, anti-dumping and countervailing duties, shipping, retailer promotions and
          substitution. About 1/{data.passThrough.rampMonths} of the change reaches the shelf each month after it
          takes effect.
        </p>
        <ol className="grid gap-1 text-xs" aria-label="Sources">
          {example.sources.map((s, i) => (
            <li key={s.id}>
              [{i + 1}]{" "}
              <a href={s.url} className="text-primary underline underline-offset-2" rel="noopener noreferrer">
                {sourceLine(s)}
              </a>
            </li>
          ))}
        </ol>
      </div>
    </details>
  );
}

/**
 * The link to an example's working on /examples. The landing page links instead of
 * inlining every formula twice (HTML and its RSC payload), which kept it over its size
 * budget (docs/performance.md).
 */
export function WorkingLink({ example }: { example: ReferenceExample }) {
  return (
    <a href={`/examples#${example.item.id}`} className="mt-2 inline-block text-sm font-semibold text-primary underline underline-offset-2" data-testid="example-working-link">
      How we computed this<span className="sr-only">: {example.item.name}</span>
    </a>
  );
}

/**
 * One example as a compact alert row (the hero's dashboard), styled by the `lp-ex` rules
 * of app/globals.css.
 */
export function ExampleAlertRow({ example }: { example: ReferenceExample }) {
  const e = example.event;
  const moved = changed(e);
  const dollars = dollarsText(e);
  return (
    <li className="lp-ex" data-testid="reference-example" data-example-id={example.item.id}>
      <div>
        <div>
          <p>
            {example.item.name}, made in {example.originName}
          </p>
          <p>
            HTS {example.line.code} · {example.category.name} ·{" "}
            <span data-testid="example-price">
              {formatPrice(example.item.examplePriceCents, { cents: true })} {EXAMPLE_PRICE_LABEL}
            </span>
          </p>
        </div>
        <span>
          <SeverityBadge severity={e.severity} />
          {example.unconfirmed ? <UnconfirmedBadge /> : null}
        </span>
      </div>
      <p data-testid="example-duty">
        Duty <b>{dutyText(e, "before")}</b>
        <span aria-hidden>→</span>
        <span className="sr-only"> to </span>
        <b className={moved ? "text-red-700" : undefined}>{dutyText(e, "after")}</b>
        <small>{moved && e.landedChangePct !== null ? `landed cost ${signedPct(e.landedChangePct)}` : "no change in this window"}</small>
      </p>
      {moved ? (
        <p data-testid="example-band">
          Shelf price, low / central / high: <b>{bandText(e)}</b>
          {dollars ? <small>on the example price: {dollars}</small> : null}
        </p>
      ) : null}
      <WorkingLink example={example} />
    </li>
  );
}

/** The data versions the examples were computed on. */
export function ExamplesDataLine({ data, className }: { data: ReferenceExamples; className?: string }) {
  const v = tablesDataAsOf();
  return (
    <p className={cn("text-xs", className)} data-testid="examples-data-as-of">
      Window: duties on {data.event.t0} against {data.event.t1} ({data.event.title}). Computed on HTS {v.htsReleaseLabel} (
      {v.htsDate}) and our measures table v{v.measuresVersion}. Prices are example prices, not market prices.
    </p>
  );
}

/** Every basket example as a table row set (the "examples" section below the hero). */
export function ReferenceExamplesTable({ data }: { data: ReferenceExamples }) {
  return (
    <div className="overflow-x-auto rounded-2xl border border-slate-200 bg-white shadow-sm" role="region" aria-label="Reference basket examples" tabIndex={0}>
      <table className="w-full min-w-[48rem] border-collapse text-left text-sm" data-testid="reference-examples-table">
        <caption className="sr-only">{EXAMPLES_LABEL}</caption>
        <thead className="border-b border-slate-200 bg-slate-50 text-slate-700">
          <tr>
            <th scope="col" className="px-4 py-3 font-semibold">Item (made in)</th>
            <th scope="col" className="px-4 py-3 font-semibold">HTS line</th>
            <th scope="col" className="px-4 py-3 font-semibold">Example price</th>
            <th scope="col" className="px-4 py-3 font-semibold">
              Duty {data.event.t0} → {data.event.t1}
            </th>
            <th scope="col" className="px-4 py-3 font-semibold">Shelf price, low / central / high</th>
            <th scope="col" className="px-4 py-3 font-semibold">Duty since {data.baseline}</th>
          </tr>
        </thead>
        <tbody>
          {data.examples.map((ex) => {
            const e = ex.event;
            const b = ex.sinceBaseline;
            return (
              <tr key={ex.item.id} className="border-b border-slate-100 align-top last:border-0" data-testid="reference-example-row" data-example-id={ex.item.id}>
                <th scope="row" className="px-4 py-3 font-medium text-slate-900">
                  {ex.item.name} ({ex.originName})
                  <span className="mt-1 flex gap-1">
                    <SeverityBadge severity={e.severity} />
                    {ex.unconfirmed ? <UnconfirmedBadge /> : null}
                  </span>
                  <WorkingLink example={ex} />
                </th>
                <td className="px-4 py-3">
                  {ex.line.code}
                  <span className="block text-xs text-slate-600">{ex.category.name}</span>
                </td>
                <td className="px-4 py-3">
                  {formatPrice(ex.item.examplePriceCents, { cents: true })}
                  <span className="block text-xs text-slate-600">{EXAMPLE_PRICE_LABEL}</span>
                </td>
                <td className="px-4 py-3">
                  {dutyText(e, "before")} → {dutyText(e, "after")}
                  <span className="block text-xs text-slate-600">
                    {changed(e) && e.landedChangePct !== null ? `landed cost ${signedPct(e.landedChangePct)}` : "no change"}
                  </span>
                </td>
                <td className="px-4 py-3">
                  {changed(e) ? bandText(e) : "no change"}
                  {changed(e) && dollarsText(e) ? <span className="block text-xs text-slate-600">{dollarsText(e)}</span> : null}
                </td>
                <td className="px-4 py-3">
                  {dutyText(b, "before")} → {dutyText(b, "after")}
                  <span className="block text-xs text-slate-600">
                    {b.landedChangePct !== null ? `landed cost ${signedPct(b.landedChangePct)}` : "unknown"}
                  </span>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
