import * as React from "react";
import type { EvidenceNode } from "@/lib/alerts/evidence";
import { signedPct } from "@/lib/alerts/evidence";
import { PASS_THROUGH } from "@/lib/tariffs/pass-through";
import type { SourceDocument } from "@/lib/tariffs/types";
import { countryName } from "@/lib/watchlist/countries";
import { MIN_ORIGIN_SHARE, type WatchProjection } from "@/lib/watchlist/projection";
import { formatDay, SourceChip, SourceChips, UnconfirmedBadge } from "./figures";

/**
 * "How we computed this" (docs/alerts.md, "The alerts page"): every input of a watch's projection with
 * its value, the formula with the numbers in it, a source chip per source and a dashed
 * "unconfirmed" badge on figures resting on low-confidence rows. Server component.
 */
function EvidenceRow({ node, sources, label }: { node: EvidenceNode | undefined; sources: ReadonlyMap<string, SourceDocument>; label?: string }) {
  if (!node) return null;
  return (
    <div className="grid grid-cols-1 gap-1 border-b py-3 last:border-b-0" data-testid={`evidence-${node.id}`}>
      <dt className="text-sm font-medium text-slate-800">{label ?? node.label}</dt>
      <dd className="grid grid-cols-1 gap-1">
        <span className="flex flex-wrap items-center gap-2 font-semibold">
          <span className="wrap-anywhere">{node.value}</span>
          {node.unconfirmed ? <UnconfirmedBadge /> : null}
        </span>
        {node.formula ? <code className="block whitespace-pre-wrap wrap-anywhere rounded bg-muted px-2 py-1 text-xs text-slate-800">{node.formula}</code> : null}
        <SourceChips ids={node.sourceIds} sources={sources} />
      </dd>
    </div>
  );
}

const TYPE_TEXT: Record<string, string> = {
  EFFECTIVE: "takes effect",
  EXPIRED: "expires",
  RATE_CHANGE: "changes rate",
  STRUCK_DOWN: "is struck down",
};

export function HowComputed({ wp, sources, dollarsPlan }: { wp: WatchProjection; sources: ReadonlyMap<string, SourceDocument>; dollarsPlan: string | null }) {
  const { projection: p, line, category } = wp;
  const node = (id: string) => p.evidence.find((e) => e.id === id);
  const allSources = wp.sources;

  return (
    <div className="grid grid-cols-1 gap-6" data-testid="how-computed">
      <section aria-labelledby="hc-line" className="grid grid-cols-1 gap-2">
        <h3 id="hc-line" className="text-base font-semibold text-brand-navy">
          1. The tariff line
        </h3>
        <dl className="rounded-md border bg-white px-4">
          <div className="grid grid-cols-1 gap-1 border-b py-3">
            <dt className="text-sm font-medium text-slate-800">HTS line</dt>
            <dd className="grid grid-cols-1 gap-1">
              <span className="font-semibold">
                {line.code}: {line.description}
              </span>
              <span className="wrap-anywhere text-xs text-muted-foreground">{line.descriptionPath}</span>
              <span className="text-xs text-muted-foreground">
                {wp.lineBasis === "item"
                  ? "The line you pinned this item to."
                  : `The category's reference line (its most common line). Pin an item to its own line for a sharper figure.`}
              </span>
            </dd>
          </div>
          <EvidenceRow node={node("mfn")} sources={sources} />
        </dl>
      </section>

      <section aria-labelledby="hc-origins" className="grid grid-cols-1 gap-2">
        <h3 id="hc-origins" className="text-base font-semibold text-brand-navy">
          2. Where it comes from, and its duty before → after
        </h3>
        <p className="text-sm text-slate-700">
          {wp.originBasis === "declared"
            ? `Made in ${countryName(wp.origins[0]?.country ?? "")}, as you told us (weight 100%).`
            : wp.originBasis === "sector"
              ? `Not known for this item, so we use the import mix of the whole sector (GTAP sector "${category.gtapSector}"${wp.asOf.originShareYear ? `, ${wp.asOf.originShareYear}` : ""}): sector level, not this exact product. Origins under ${Math.round(MIN_ORIGIN_SHARE * 100)}% of imports are left out.`
              : "Origin mix unknown: no origin-specific projection (we do not guess where it was made)."}
        </p>
        <p className="text-sm text-slate-700">
          {wp.mode === "upcoming"
            ? `Duty today (${formatDay(wp.t0)}) → on ${formatDay(wp.t1)}, the scheduled legal change.`
            : wp.mode === "ramping"
              ? `Duty the day before the latest change (${formatDay(wp.t0)}) → on ${formatDay(wp.t1)}, when it took effect.`
              : `Duty today (${formatDay(wp.t0)}) → at the end of your horizon (${formatDay(wp.t1)}).`}
        </p>
        <ul className="grid grid-cols-1 gap-3">
          {p.perOrigin.map((o) => {
            const before = node(`duty:${o.country}:t0`);
            const after = node(`duty:${o.country}:t1`);
            const weight = node(`weight:${o.country}`);
            const landed = node(`landed:${o.country}`);
            return (
              <li key={o.country} className="rounded-md border bg-white p-4" data-testid="origin-duty">
                <p className="font-semibold">
                  {countryName(o.country)} <span className="font-normal text-muted-foreground">({o.country})</span>
                </p>
                <dl>
                  <EvidenceRow node={weight} sources={sources} label="Weight" />
                  <EvidenceRow node={before} sources={sources} label={`Before, ${formatDay(wp.t0)}`} />
                  <EvidenceRow node={after} sources={sources} label={`After, ${formatDay(wp.t1)}`} />
                  <EvidenceRow node={landed} sources={sources} label="Landed-cost change" />
                </dl>
                {[...o.before.notes, ...o.after.notes].length ? (
                  <ul className="mt-2 list-disc pl-5 text-xs text-muted-foreground">
                    {[...new Set([...o.before.notes, ...o.after.notes])].map((n) => (
                      <li key={n}>{n}</li>
                    ))}
                  </ul>
                ) : null}
              </li>
            );
          })}
        </ul>
      </section>

      <section aria-labelledby="hc-events" className="grid grid-cols-1 gap-2">
        <h3 id="hc-events" className="text-base font-semibold text-brand-navy">
          3. The legal change
        </h3>
        {wp.mode === "ramping" ? (
          <p className="text-sm text-slate-700" data-testid="ramping-note">
            Nothing new is scheduled before {formatDay(wp.horizonEnd)}. The latest change below took effect on {formatDay(wp.effectiveDate ?? wp.t1)}
            , and shelf prices absorb a duty change over about {PASS_THROUGH.rampMonths} months: we project only the part not yet in the price you
            see today ({formatDay(wp.observedAt)}).
          </p>
        ) : null}
        {wp.triggers.length ? (
          <ul className="grid grid-cols-1 gap-2">
            {wp.triggers.map((e) => (
              <li key={e.id} className="grid grid-cols-1 gap-1 rounded-md border bg-white p-3 text-sm">
                <span className="flex flex-wrap items-center gap-2">
                  <strong>{e.measureName}</strong> {TYPE_TEXT[e.type] ?? e.type.toLowerCase()} on {formatDay(e.date)}
                  {e.rate !== null && e.rate !== undefined ? ` (rate ${signedPct(e.rate * 100, 1).replace("+", "")}${e.country ? ` for ${e.country}` : ""})` : ""}
                  {e.confidence === "low" ? <UnconfirmedBadge /> : null}
                </span>
                {e.note ? <span className="text-muted-foreground">{e.note}</span> : null}
                <SourceChips ids={[e.sourceId]} sources={sources} />
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-sm text-slate-700" data-testid="no-trigger">
            No scheduled legal change touches this line for these origins before {formatDay(wp.horizonEnd)}: the duty stays as it is, so the
            projection is zero. We re-compute as soon as a change is published.
          </p>
        )}
      </section>

      <section aria-labelledby="hc-shelf" className="grid grid-cols-1 gap-2">
        <h3 id="hc-shelf" className="text-base font-semibold text-brand-navy">
          4. From landed cost to the shelf
        </h3>
        <dl className="rounded-md border bg-white px-4">
          <EvidenceRow node={node("landed")} sources={sources} />
          <EvidenceRow node={node("d")} sources={sources} />
          <EvidenceRow node={node("m")} sources={sources} />
          <EvidenceRow node={node("theta")} sources={sources} />
          <EvidenceRow node={node("spillover")} sources={sources} />
          <EvidenceRow node={node("ramp")} sources={sources} />
        </dl>
      </section>

      <section aria-labelledby="hc-result" className="grid grid-cols-1 gap-2">
        <h3 id="hc-result" className="text-base font-semibold text-brand-navy">
          5. The projection, with its numbers
        </h3>
        <dl className="rounded-md border bg-white px-4">
          <EvidenceRow node={node("band")} sources={sources} />
          <EvidenceRow node={node("byHorizon")} sources={sources} />
          <EvidenceRow node={node("dollars")} sources={sources} />
        </dl>
        {dollarsPlan && wp.priceCents === null ? (
          <p className="text-sm text-muted-foreground" data-testid="dollars-upgrade">
            Dollar figures on your own price come with the {dollarsPlan}.
          </p>
        ) : null}
        {p.unknowns.length ? (
          <ul className="list-disc pl-5 text-sm text-amber-900" aria-label="What we could not compute">
            {p.unknowns.map((u) => (
              <li key={u}>{u}</li>
            ))}
          </ul>
        ) : null}
        <p className="text-xs text-muted-foreground">
          Not included: exchange rates, anti-dumping and countervailing duties, shipping, retailer promotions, shoppers switching products; refunds
          of duties go to importers, not shoppers.
        </p>
      </section>

      <section aria-labelledby="hc-sources" className="grid grid-cols-1 gap-2">
        <h3 id="hc-sources" className="text-base font-semibold text-brand-navy">
          Sources
        </h3>
        {allSources.length ? (
          <ul className="grid grid-cols-1 gap-2 text-sm" data-testid="source-list">
            {allSources.map((s) => (
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
  );
}
