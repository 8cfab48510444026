import * as React from "react";
import type { SourceDocument } from "@/lib/tariffs/types";
import { cn } from "@/lib/utils";

/** Pieces shared by the watchlist, the watch page and the alert page: the "unconfirmed" badge, source chips, days. Server-safe. */

export function UnconfirmedBadge({ className }: { className?: string }) {
  return (
    <span
      className={cn("inline-flex items-center rounded-full border border-dashed border-amber-700 px-2 py-0.5 text-xs font-semibold text-amber-900", className)}
      title="Rests on a measure or figure we could not yet confirm against the final legal text"
      data-testid="unconfirmed"
    >
      unconfirmed
    </span>
  );
}

// One formatter for every call: building an Intl formatter costs far more than using one, and
// a watch's page formats a date per source (docs/performance.md, "Signed-in pages: the law's
// change stamp and formatters built once").
const DAY = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeZone: "UTC" });

export function formatDay(day: string): string {
  return DAY.format(new Date(`${day}T00:00:00Z`));
}

/**
 * A source: publisher, date and citation, linking to the document. A watch's page cites the
 * same few documents in dozens of rows (the HTS revision in every duty row), so a chip carries
 * no more than that: the full titles are in the page's "Sources" list, once each, and the
 * chip's look is one class (`source-chip`, app/globals.css). Each chip is written twice per
 * request, in the HTML and in the RSC payload (docs/performance.md, "The watch page's sources").
 */
/** What a chip shows of a source document. */
export type ChipSource = Pick<SourceDocument, "id" | "url" | "publisher" | "publishedAt" | "citation">;

export function SourceChip({ source }: { source: ChipSource }) {
  return (
    <a href={source.url} target="_blank" rel="noopener noreferrer" className="source-chip" data-testid="source-chip">
      <span className="wrap-anywhere">
        {source.publisher} · {formatDay(source.publishedAt)}
        {source.citation ? ` · ${source.citation}` : ""}
      </span>
      <span className="sr-only"> (opens in a new tab)</span>
    </a>
  );
}

export function SourceChips({ ids, sources }: { ids: string[]; sources: ReadonlyMap<string, ChipSource> }) {
  const found = ids.map((id) => sources.get(id)).filter((s): s is ChipSource => Boolean(s));
  if (!found.length) return null;
  return (
    <span className="flex flex-wrap gap-1">
      {found.map((s) => (
        <SourceChip key={s.id} source={s} />
      ))}
    </span>
  );
}
