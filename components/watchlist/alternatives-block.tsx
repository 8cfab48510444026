import * as React from "react";
import type { AlternativesResult } from "@/lib/tariffs/alternatives";
import { fixedPct, formulaText } from "@/lib/tariffs/evidence";
import type { SourceDocument } from "@/lib/tariffs/types";
import { countryName } from "@/lib/watchlist/countries";
import { SourceChips, UnconfirmedBadge } from "./figures";

/**
 * Lower-tariff origins with real US supply (docs/tariffs.md, "Alternatives"): statements about tariff
 * exposure, never about a cheaper product. Server component.
 */
export function AlternativesBlock({
  result,
  sources,
  shareSourceIds,
}: {
  result: AlternativesResult;
  sources: ReadonlyMap<string, SourceDocument>;
  shareSourceIds: string[];
}) {
  return (
    <div className="grid grid-cols-1 gap-4" data-testid="alternatives">
      <p className="rounded-md border border-blue-200 bg-blue-50 px-3 py-2 text-sm text-slate-800">
        Lower tariff exposure, not a cheaper product: a lower duty does not mean a lower shelf price, and we name no brands.
      </p>
      {result.userDuty ? (
        <p className="text-sm">
          Your origin, {countryName(result.userDuty.country)}: <code className="wrap-anywhere text-xs">{formulaText(result.userDuty)}</code>
        </p>
      ) : null}
      {result.alternatives.length ? (
        <ul className="grid grid-cols-1 gap-3">
          {result.alternatives.map((a) => (
            <li key={a.country} className="grid grid-cols-1 gap-1 rounded-md border bg-white p-3 text-sm">
              <span className="flex flex-wrap items-center gap-2 font-semibold">
                {countryName(a.country)}: duty {a.duty.total === null ? "unknown" : fixedPct(a.duty.total, 1)}, {a.gapPp.toFixed(1)} points lower
                {a.duty.unconfirmed ? <UnconfirmedBadge /> : null}
              </span>
              <span className="text-muted-foreground">
                {fixedPct(a.share, 1)} of US imports of the sector{result.year ? ` in ${result.year}` : ""} (sector level)
              </span>
              <code className="block whitespace-pre-wrap wrap-anywhere rounded bg-muted px-2 py-1 text-xs">{formulaText(a.duty)}</code>
              <SourceChips ids={[...new Set(a.duty.parts.map((p) => p.sourceId))]} sources={sources} />
              {a.conditional.length ? (
                <ul className="list-disc pl-5 text-xs text-amber-900">
                  {a.conditional.map((c) => (
                    <li key={c}>{c}</li>
                  ))}
                </ul>
              ) : null}
            </li>
          ))}
        </ul>
      ) : null}
      <p className="text-sm text-slate-700">{result.message}</p>
      <div className="grid grid-cols-1 gap-1 text-sm">
        <p className="font-semibold">Made in the USA</p>
        <p className="text-slate-700">{result.domestic.note}</p>
      </div>
      <SourceChips ids={shareSourceIds} sources={sources} />
    </div>
  );
}
