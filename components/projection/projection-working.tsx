import * as React from "react";
import { formatDay, SourceChip, SourceChips, UnconfirmedBadge, type ChipSource } from "@/components/watchlist/figures";
import { signedPct, type EvidenceNode, type FormulaLine } from "@/lib/tariffs/evidence";
import { PASS_THROUGH } from "@/lib/tariffs/pass-through";
import { dollarsNode, dollarsOn, SYMBOLS } from "@/lib/tariffs/price-change";
import type { DocumentChange, ProjectionDocument } from "@/lib/tariffs/projection-document";
import { MIN_ORIGIN_SHARE } from "@/lib/tariffs/watch-projection";
import { countryName } from "@/lib/watchlist/countries";

/**
 * "How we computed this" (docs/tariffs.md, "Plain words first"): the working of a stored
 * projection document, folded under the sentence: what each symbol means, the tariff line,
 * each change with its legal events, each origin's duty before → after, the factors from
 * landed cost to the shelf, and every product written out factor by factor in a table whose
 * columns multiply out to the result; then the dollars on the watch's price, what is left
 * out, and the sources. The watch page and the alert page render the same document with this,
 * so they show the same working. Server component.
 */

const TYPE_TEXT: Record<string, string> = {
  EFFECTIVE: "takes effect",
  EXPIRED: "expires",
  RATE_CHANGE: "changes rate",
  STRUCK_DOWN: "is struck down",
  PAUSED: "is paused",
  RESUMED: "resumes",
};

const CASE_NAMES: Record<string, string> = { low: "Low", central: "Central", high: "High" };

/** The products of a node as a table: one column per case, one row per factor, the result last. */
function LinesTable({ lines, caption, resultName }: { lines: FormulaLine[]; caption: string; resultName: string }) {
  const first = lines[0];
  if (!first) return null;
  return (
    <div className="overflow-x-auto">
      <table className="w-full min-w-[18rem] border-collapse text-xs" data-testid="formula-lines">
        <caption className="pb-1 text-left text-xs text-muted-foreground">{caption}</caption>
        <thead>
          <tr>
            <th scope="col" className="border-b py-1 pr-2 text-left font-medium">
              Factor
            </th>
            {lines.map((l) => (
              <th key={l.label} scope="col" className="border-b px-2 py-1 text-right font-medium">
                {CASE_NAMES[l.label] ?? l.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {first.factors.map((f, i) => (
            <tr key={f.name}>
              <th scope="row" className="py-1 pr-2 text-left font-normal text-slate-700">
                {i > 0 ? "× " : ""}
                {f.name}
              </th>
              {lines.map((l) => (
                <td key={l.label} className="px-2 py-1 text-right font-mono" data-testid="factor">
                  {l.factors[i]?.value}
                </td>
              ))}
            </tr>
          ))}
          <tr>
            <th scope="row" className="border-t py-1 pr-2 text-left font-semibold">
              = {resultName}
            </th>
            {lines.map((l) => (
              <td key={l.label} className="border-t px-2 py-1 text-right font-mono font-semibold" data-testid="result">
                {l.result}
              </td>
            ))}
          </tr>
        </tbody>
      </table>
    </div>
  );
}

function EvidenceRow({ node, sources, label }: { node: EvidenceNode | undefined; sources: ReadonlyMap<string, ChipSource>; label?: string }) {
  if (!node) return null;
  return (
    <div className="grid grid-cols-1 gap-1 border-b py-3 last:border-b-0" data-testid={`evidence-${node.id}`}>
      <dt className="text-sm font-medium text-slate-800">{label ?? node.label}</dt>
      <dd className="grid grid-cols-1 gap-1">
        <span className="flex flex-wrap items-center gap-2 font-semibold">
          <span className="wrap-anywhere">{node.value}</span>
          {node.unconfirmed ? <UnconfirmedBadge /> : null}
        </span>
        {node.lines?.length ? (
          <LinesTable lines={node.lines} caption={`${node.formula ?? ""}: each column multiplies its factors.`} resultName={node.label} />
        ) : node.formula ? (
          <code className="block whitespace-pre-wrap wrap-anywhere rounded bg-muted px-2 py-1 text-xs text-slate-800">{node.formula}</code>
        ) : null}
        {node.notes?.length ? (
          <ul className="list-disc pl-5 text-xs text-muted-foreground">
            {node.notes.map((n) => (
              <li key={n}>{n}</li>
            ))}
          </ul>
        ) : null}
        <SourceChips ids={node.sourceIds} sources={sources} />
      </dd>
    </div>
  );
}

/** The origins of a change, from its duty nodes' ids ("<prefix>duty:VN:t0"). */
function originsOf(nodes: EvidenceNode[], prefix: string): string[] {
  const out: string[] = [];
  for (const n of nodes) {
    const m = /^(.*)duty:([A-Z]{2}):t0$/.exec(n.id);
    if (m && m[1] === prefix && m[2]) out.push(m[2]);
  }
  return out;
}

function ChangeWorking({
  doc,
  change,
  node,
  sources,
}: {
  doc: ProjectionDocument;
  change: DocumentChange | null;
  node: (id: string) => EvidenceNode | undefined;
  sources: ReadonlyMap<string, ChipSource>;
}) {
  const prefix = change?.prefix ?? "";
  const at = (id: string) => node(`${prefix}${id}`);
  const events = change ? doc.events.filter((e) => change.eventIds.includes(e.id)) : [];
  const t0 = change?.t0 ?? doc.flat?.t0 ?? doc.asOf;
  const t1 = change?.t1 ?? doc.flat?.t1 ?? doc.horizonEnd;
  return (
    <div className="grid grid-cols-1 gap-4">
      {change ? (
        <div className="grid grid-cols-1 gap-2">
          <p className="text-sm text-slate-700">
            {change.first > doc.asOf
              ? `A change scheduled for ${formatDay(change.first)}.`
              : `A change that took effect on ${formatDay(change.first)}. Shelf prices take in a duty change over about ${PASS_THROUGH.rampMonths} months, so only the part not yet in the price seen on ${formatDay(doc.asOf)} is counted.`}
          </p>
          {events.length ? (
            <ul className="grid grid-cols-1 gap-2">
              {events.map((e) => (
                <li key={e.id} className="grid grid-cols-1 gap-1 rounded-md border bg-white p-3 text-sm" data-testid="legal-event">
                  <span className="flex flex-wrap items-center gap-2">
                    <strong>{e.measureName}</strong> {TYPE_TEXT[e.type] ?? e.type.toLowerCase()} on {formatDay(e.date)}
                    {e.rate !== null ? ` (rate ${signedPct(e.rate * 100, 1).replace("+", "")}${e.country ? ` for ${countryName(e.country)}` : ""})` : ""}
                    {e.confidence === "low" ? <UnconfirmedBadge /> : null}
                  </span>
                  {e.note ? <span className="text-muted-foreground">{e.note}</span> : null}
                  <SourceChips ids={[e.sourceId]} sources={sources} />
                </li>
              ))}
            </ul>
          ) : null}
        </div>
      ) : (
        <p className="text-sm text-slate-700" data-testid="no-trigger">
          No legal change touches this line for these origins before {formatDay(doc.horizonEnd)}: the duty stays as it is, so the change is zero. We
          compute it again as soon as a change is published, and every day.
        </p>
      )}

      <div className="grid grid-cols-1 gap-2">
        <h4 className="text-sm font-semibold text-brand-navy">Duty rate (τ) before → after, by origin</h4>
        <p className="text-xs text-muted-foreground">
          Before: {formatDay(t0)}. After: {formatDay(t1)}.
        </p>
        <ul className="grid grid-cols-1 gap-3">
          {originsOf(doc.nodes, prefix).map((country) => (
            <li key={country} className="rounded-md border bg-white px-4 py-1" data-testid="origin-duty">
              <p className="pt-2 font-semibold">
                {countryName(country)} <span className="font-normal text-muted-foreground">({country})</span>
              </p>
              <dl>
                <EvidenceRow node={at(`weight:${country}`)} sources={sources} label="Weight (w)" />
                <EvidenceRow node={at(`duty:${country}:t0`)} sources={sources} label={`Before, ${formatDay(t0)}`} />
                <EvidenceRow node={at(`duty:${country}:t1`)} sources={sources} label={`After, ${formatDay(t1)}`} />
                <EvidenceRow node={at(`landed:${country}`)} sources={sources} label="Change in the landed cost (Δc)" />
              </dl>
            </li>
          ))}
        </ul>
      </div>

      <div className="grid grid-cols-1 gap-2">
        <h4 className="text-sm font-semibold text-brand-navy">From the landed cost to the shelf</h4>
        <dl className="rounded-md border bg-white px-4">
          <EvidenceRow node={at("landed")} sources={sources} />
          <EvidenceRow node={at("d")} sources={sources} />
          <EvidenceRow node={at("m")} sources={sources} />
          <EvidenceRow node={at("theta")} sources={sources} />
          <EvidenceRow node={at("spillover")} sources={sources} />
          <EvidenceRow node={at("ramp")} sources={sources} />
          <EvidenceRow node={at("band")} sources={sources} />
          <EvidenceRow node={at("byHorizon")} sources={sources} />
        </dl>
      </div>
    </div>
  );
}

export function ProjectionWorking({
  doc,
  priceCents,
  dollarsPlan,
}: {
  doc: ProjectionDocument;
  /** The watch's price: its dollars line is shown when `dollarsPlan` is null. */
  priceCents: number | null;
  /** null: the plan shows dollars; else the plan that adds them. */
  dollarsPlan: string | null;
}) {
  const sources = new Map(doc.sources.map((s) => [s.id, s]));
  const byId = new Map(doc.nodes.map((n) => [n.id, n]));
  const node = (id: string) => byId.get(id);
  const multi = doc.changes.length > 1;
  const dollars = doc.band && priceCents !== null && dollarsPlan === null ? dollarsNode(priceCents, doc.band, dollarsOn(priceCents, doc.band), doc.unconfirmed) : null;

  return (
    <details className="group rounded-lg border bg-white" data-testid="how-computed">
      <summary className="cursor-pointer list-none rounded-lg p-4 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary sm:p-5">
        <h2 className="inline text-lg font-semibold text-brand-navy">How we computed this</h2>
        <span className="ml-2 text-sm text-muted-foreground group-open:hidden">(show every input, formula and source)</span>
      </summary>
      <div className="grid grid-cols-1 gap-6 border-t p-4 sm:p-5">
        <section aria-labelledby="hc-symbols" className="grid grid-cols-1 gap-2">
          <h3 id="hc-symbols" className="text-base font-semibold text-brand-navy">
            What the symbols mean
          </h3>
          <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1 text-sm" data-testid="symbols">
            {SYMBOLS.map((s) => (
              <React.Fragment key={s.symbol}>
                <dt className="font-mono font-semibold">{s.symbol}</dt>
                <dd>{s.words}</dd>
              </React.Fragment>
            ))}
          </dl>
        </section>

        <section aria-labelledby="hc-line" className="grid grid-cols-1 gap-2">
          <h3 id="hc-line" className="text-base font-semibold text-brand-navy">
            1. The tariff line
          </h3>
          <dl className="rounded-md border bg-white px-4">
            <div className="grid grid-cols-1 gap-1 border-b py-3">
              <dt className="text-sm font-medium text-slate-800">HTS line</dt>
              <dd className="grid grid-cols-1 gap-1">
                <span className="font-semibold">
                  {doc.line.code}: {doc.line.description}
                </span>
                <span className="wrap-anywhere text-xs text-muted-foreground">{doc.line.descriptionPath}</span>
                <span className="text-xs text-muted-foreground">
                  {doc.lineBasis === "item"
                    ? "The line you pinned this item to."
                    : "The category's reference line (its most common line). Pin an item to its own line for a sharper figure."}
                </span>
              </dd>
            </div>
            <EvidenceRow node={node(multi ? `${doc.changes[0]?.prefix ?? ""}mfn` : "mfn")} sources={sources} />
          </dl>
        </section>

        <section aria-labelledby="hc-origins" className="grid grid-cols-1 gap-2">
          <h3 id="hc-origins" className="text-base font-semibold text-brand-navy">
            2. Where it comes from
          </h3>
          <p className="text-sm text-slate-700">
            {doc.originBasis === "declared"
              ? `Made in ${countryName(doc.madeIn ?? "")}, as you told us (weight 100%).`
              : doc.originBasis === "sector"
                ? `Not known for this item, so we use the import mix of the whole sector (GTAP sector "${doc.category.gtapSector}"${doc.originShareYear ? `, ${doc.originShareYear}` : ""}): sector level, not this exact product. Origins under ${Math.round(MIN_ORIGIN_SHARE * 100)}% of imports are left out.`
                : "Origin mix unknown: no origin-specific projection (we do not guess where it was made)."}
          </p>
        </section>

        <section aria-labelledby="hc-changes" className="grid grid-cols-1 gap-4">
          <h3 id="hc-changes" className="text-base font-semibold text-brand-navy">
            3. {doc.changes.length > 1 ? `The ${doc.changes.length} changes, one by one` : "The change"}
          </h3>
          {doc.changes.length ? (
            doc.changes.map((c) => (
              <section key={c.key} aria-label={`The change of ${formatDay(c.first)}`} className="grid grid-cols-1 gap-2 rounded-md border border-dashed p-3">
                {multi ? <h4 className="text-sm font-semibold">The change of {formatDay(c.first)}</h4> : null}
                <ChangeWorking doc={doc} change={c} node={node} sources={sources} />
              </section>
            ))
          ) : (
            <ChangeWorking doc={doc} change={null} node={node} sources={sources} />
          )}
        </section>

        <section aria-labelledby="hc-result" className="grid grid-cols-1 gap-2">
          <h3 id="hc-result" className="text-base font-semibold text-brand-navy">
            4. The result
          </h3>
          <dl className="rounded-md border bg-white px-4">
            <EvidenceRow node={node("total")} sources={sources} />
            {dollars ? <EvidenceRow node={dollars} sources={sources} /> : null}
          </dl>
          {!dollars && dollarsPlan ? (
            <p className="text-sm text-muted-foreground" data-testid="dollars-upgrade">
              Dollar figures on your own price come with the {dollarsPlan}.
            </p>
          ) : null}
          {doc.unknowns.length ? (
            <ul className="list-disc pl-5 text-sm text-amber-900" aria-label="What we could not compute">
              {doc.unknowns.map((u) => (
                <li key={u}>{u}</li>
              ))}
            </ul>
          ) : null}
          <p className="text-xs text-muted-foreground">{doc.assumptions}</p>
        </section>

        <section aria-labelledby="hc-sources" className="grid grid-cols-1 gap-2">
          <h3 id="hc-sources" className="text-base font-semibold text-brand-navy">
            Sources
          </h3>
          {doc.sources.length ? (
            <ul className="grid grid-cols-1 gap-2 text-sm" data-testid="source-list">
              {doc.sources.map((s) => (
                <li key={s.id} className="grid grid-cols-1 gap-1">
                  <span className="wrap-anywhere">{s.title}</span>
                  <SourceChip source={s} />
                </li>
              ))}
            </ul>
          ) : (
            <p className="text-sm text-muted-foreground">No source documents stored.</p>
          )}
        </section>
      </div>
    </details>
  );
}
