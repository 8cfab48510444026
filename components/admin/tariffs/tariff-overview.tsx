import Link from "next/link";
import { ChevronLeft, ChevronRight, ExternalLink } from "lucide-react";
import { Badge } from "@/components/ui/badge";
import { Card, CardContent, CardHeader } from "@/components/ui/card";
import type { MeasurePage } from "@/lib/admin/measure-page";
import type { AdminMeasure, AuditRow, TariffOverview } from "@/lib/admin/tariff-overview";
import { reevaluationText } from "@/lib/admin/tariff-schemas";
import type { MeasureStatus, SourceDocument } from "@/lib/tariffs/types";
import { DeleteEventButton, EventDialog } from "./event-dialog";
import { MeasureDialog, type EditableMeasure } from "./measure-dialog";
import { ReviewList } from "./review-list";

/**
 * /admin/tariffs (server-rendered; the forms are client islands): documents to review,
 * the measures a page at a time with their status today, events, categories and watches,
 * and the audit log.
 */
const STATUS: Record<MeasureStatus, { label: string; variant: "success" | "warning" | "secondary" | "destructive" | "outline" }> = {
  in_force: { label: "In force", variant: "success" },
  scheduled: { label: "Scheduled", variant: "warning" },
  proposed: { label: "Proposed", variant: "warning" },
  announced: { label: "Announced", variant: "warning" },
  paused: { label: "Paused", variant: "secondary" },
  expired: { label: "Expired", variant: "secondary" },
  struck_down: { label: "Struck down", variant: "destructive" },
  unknown: { label: "No effective event", variant: "outline" },
};

const pct = (rate: number | null) => (rate === null ? "—" : `${Number((rate * 100).toFixed(3))}%`);
/**
 * A table that scrolls sideways inside its card on a phone instead of widening the page: its
 * width does not count toward the grid's column (contain: inline-size), and `relative` keeps
 * the table's visually hidden headers inside the scrolling box.
 */
const SCROLL_X = "relative overflow-x-auto [contain:inline-size]";
const dateTime = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" });

function SourceLink({ source, fallbackId }: { source: SourceDocument | null; fallbackId: string }) {
  if (!source) return <span className="text-amber-800">Missing source {fallbackId}</span>;
  return (
    <a href={source.url} target="_blank" rel="noopener noreferrer" className="inline-flex items-center gap-1 font-medium text-primary underline-offset-2 hover:underline">
      {source.citation ?? source.publisher}
      <ExternalLink aria-hidden className="size-3.5" />
      <span className="sr-only">(opens in a new tab: {source.title})</span>
    </a>
  );
}

export function MeasureCard({ measure }: { measure: AdminMeasure }) {
  const status = STATUS[measure.status];
  return (
    <Card id={`measure-${measure.id}`} data-testid={`measure-${measure.id}`} className="scroll-mt-6">
      <CardHeader className="gap-2">
        <div className="flex flex-wrap items-start justify-between gap-3">
          <div className="grid gap-1">
            <h3 className="text-lg font-semibold text-brand-navy">{measure.name}</h3>
            <p className="text-xs text-slate-600">
              <code>{measure.id}</code>
              {measure.operatorMade ? " · added by an operator" : " · from the committed tables"}
            </p>
          </div>
          <div className="flex flex-wrap gap-2">
            <MeasureDialog measure={measureFields(measure)} />
            <EventDialog measureId={measure.id} measureName={measure.name} />
          </div>
        </div>
        <dl className="grid gap-x-6 gap-y-1 text-sm sm:grid-cols-3">
          <div>
            <dt className="inline font-medium text-slate-600">Authority: </dt>
            <dd className="inline">{measure.authority}</dd>
          </div>
          <div>
            <dt className="inline font-medium text-slate-600">Status today: </dt>
            <dd className="inline">
              <Badge variant={status.variant} data-testid="measure-status">
                {status.label}
              </Badge>
              {measure.statusSince ? <span className="text-slate-600"> since {measure.statusSince}</span> : null}
              {measure.nextChange ? (
                <span className="text-slate-600">
                  {" "}
                  · next: {measure.nextChange.type} {measure.nextChange.date}
                </span>
              ) : null}
            </dd>
          </div>
          <div>
            <dt className="inline font-medium text-slate-600">Rate: </dt>
            <dd className="inline">
              {pct(measure.rateToday)}
              {measure.rateToday !== measure.rate ? <span className="text-slate-600"> (base {pct(measure.rate)})</span> : null}
              {measure.countryOverrides.length ? <span className="text-slate-600"> · {measure.countryOverrides.length} country rules</span> : null}
            </dd>
          </div>
          <div>
            <dt className="inline font-medium text-slate-600">Chapter 99: </dt>
            <dd className="inline">{measure.ch99Headings.length ? measure.ch99Headings.join(", ") : "—"}</dd>
          </div>
          <div>
            <dt className="inline font-medium text-slate-600">Confidence: </dt>
            <dd className="inline">{measure.confidence}</dd>
          </div>
          <div>
            <dt className="inline font-medium text-slate-600">Legal source: </dt>
            <dd className="inline">
              <SourceLink source={measure.source} fallbackId={measure.sourceId} />
            </dd>
          </div>
          <div className="sm:col-span-2">
            <dt className="inline font-medium text-slate-600">Countries: </dt>
            <dd className="inline">
              {measure.countries === "ALL" ? "all" : measure.countries.join(", ")}
              {measure.excludedCountries.length ? ` (not ${measure.excludedCountries.join(", ")})` : ""}
            </dd>
          </div>
          <div>
            <dt className="inline font-medium text-slate-600">Watches re-evaluated on change: </dt>
            <dd className="inline" data-testid="measure-watches">
              {measure.watches}
            </dd>
          </div>
          <div className="sm:col-span-3">
            <dt className="inline font-medium text-slate-600">Products: </dt>
            <dd className="inline">
              {measure.products.includes("*") ? "every product" : measure.products.slice(0, 20).join(", ")}
              {measure.products.length > 20 ? ` and ${measure.products.length - 20} more` : ""}
              {measure.excludedProducts.length ? ` (excluding ${measure.excludedProducts.length} prefixes)` : ""}
            </dd>
          </div>
          <div className="sm:col-span-3">
            <dt className="inline font-medium text-slate-600">Categories it touches: </dt>
            <dd className="inline" data-testid="measure-categories">
              {measure.categories.length ? measure.categories.map((c) => c.name).join(", ") : "none of the categories we cover"}
            </dd>
          </div>
        </dl>
      </CardHeader>
      <CardContent>
        {measure.events.length === 0 ? (
          <p className="text-sm text-slate-700">No events yet: without an EFFECTIVE event the measure is not in force.</p>
        ) : (
          <div className={SCROLL_X}>
            <table className="w-full text-left text-sm">
              <caption className="sr-only">Events of {measure.name}, in date order</caption>
              <thead>
                <tr className="border-b text-slate-600">
                  <th scope="col" className="py-2 pr-3 font-medium">Date</th>
                  <th scope="col" className="py-2 pr-3 font-medium">Type</th>
                  <th scope="col" className="py-2 pr-3 font-medium">Rate</th>
                  <th scope="col" className="py-2 pr-3 font-medium">Note</th>
                  <th scope="col" className="py-2 pr-3 font-medium">Source</th>
                  <th scope="col" className="py-2 font-medium">
                    <span className="sr-only">Actions</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {measure.events.map((e) => (
                  <tr key={e.id} className="border-b align-top last:border-0" data-testid={`event-${e.id}`}>
                    <td className="whitespace-nowrap py-2 pr-3">{e.date}</td>
                    <td className="py-2 pr-3">{e.type}</td>
                    <td className="whitespace-nowrap py-2 pr-3">
                      {e.rate === null || e.rate === undefined ? "—" : pct(e.rate)}
                      {e.country ? ` (${e.country})` : ""}
                    </td>
                    <td className="py-2 pr-3 text-slate-700">{e.note}</td>
                    <td className="py-2 pr-3">
                      <SourceLink source={e.source} fallbackId={e.sourceId} />
                    </td>
                    <td className="whitespace-nowrap py-1">
                      <EventDialog measureId={measure.id} measureName={measure.name} event={e} />
                      <DeleteEventButton event={e} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </CardContent>
    </Card>
  );
}

export function AuditLog({ rows }: { rows: AuditRow[] }) {
  return (
    <section aria-labelledby="audit-heading" className="grid gap-3">
      <h2 id="audit-heading" className="text-2xl font-semibold text-brand-navy">
        Audit log
      </h2>
      {rows.length === 0 ? (
        <p className="text-slate-700">No operator changes yet.</p>
      ) : (
        <div className={`${SCROLL_X} rounded-md border bg-white`}>
          <table className="w-full text-left text-sm" data-testid="audit-log">
            <caption className="sr-only">The latest operator changes, newest first</caption>
            <thead>
              <tr className="border-b text-slate-600">
                <th scope="col" className="p-2 font-medium">When (UTC)</th>
                <th scope="col" className="p-2 font-medium">Who</th>
                <th scope="col" className="p-2 font-medium">What</th>
                <th scope="col" className="p-2 font-medium">Row</th>
                <th scope="col" className="p-2 font-medium">Re-evaluation</th>
                <th scope="col" className="p-2 font-medium">Before / after</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((r) => (
                <tr key={r.id} className="border-b align-top last:border-0">
                  <td className="whitespace-nowrap p-2">{dateTime.format(new Date(r.at))}</td>
                  <td className="p-2">{r.actor}</td>
                  <td className="p-2">{r.action}</td>
                  <td className="p-2">
                    <code className="break-all text-xs">{r.eventId ?? r.measureId ?? ""}</code>
                  </td>
                  <td className="p-2">{r.action.startsWith("review.") && !r.summary ? "—" : reevaluationText(r.summary)}</td>
                  <td className="p-2">
                    <details>
                      <summary className="cursor-pointer text-primary">Show</summary>
                      <pre className="mt-1 max-w-md overflow-x-auto whitespace-pre-wrap break-all text-xs">
                        {JSON.stringify({ before: r.before ?? null, after: r.after ?? null }, null, 1)}
                      </pre>
                    </details>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

/** What the edit form needs of a measure (its status, events and counts stay on the server). */
function measureFields(m: AdminMeasure): EditableMeasure {
  const { id, authority, name, ch99Headings, rate, countries, excludedCountries, countryOverrides, products, excludedProducts, notWith, stacking, confidence, notes } = m;
  return { id, authority, name, ch99Headings, rate, countries, excludedCountries, countryOverrides, products, excludedProducts, notWith, stacking, confidence, notes };
}

/** Previous, the page numbers and next; the current page is marked. */
function MeasurePager({ shown, label }: { shown: MeasurePage<AdminMeasure>; label: string }) {
  if (shown.pages <= 1) return null;
  const box = "inline-flex min-h-9 min-w-9 items-center justify-center gap-1 rounded-md border px-3 text-sm font-medium";
  const link = `${box} bg-white text-primary hover:bg-slate-50`;
  const href = (page: number) => `/admin/tariffs?page=${page}#measures-heading`;
  return (
    <nav aria-label={label} className="flex flex-wrap items-center gap-2" data-testid="measure-pager">
      {shown.page > 1 ? (
        <Link href={href(shown.page - 1)} className={link} rel="prev">
          <ChevronLeft aria-hidden className="size-4" /> Previous
        </Link>
      ) : null}
      {Array.from({ length: shown.pages }, (_, i) => i + 1).map((page) =>
        page === shown.page ? (
          <span key={page} aria-current="page" className={`${box} border-brand-navy bg-brand-navy text-white`}>
            <span className="sr-only">Page </span>
            {page}
          </span>
        ) : (
          <Link key={page} href={href(page)} className={link}>
            <span className="sr-only">Page </span>
            {page}
          </Link>
        ),
      )}
      {shown.page < shown.pages ? (
        <Link href={href(shown.page + 1)} className={link} rel="next">
          Next <ChevronRight aria-hidden className="size-4" />
        </Link>
      ) : null}
    </nav>
  );
}

/** `overview.measures` are the page's measures; `shown` says which page of how many. */
export function TariffAdmin({ overview, shown }: { overview: TariffOverview; shown: MeasurePage<AdminMeasure> }) {
  return (
    <div className="grid gap-10">
      <ReviewList toReview={overview.toReview} resolved={overview.resolved} />
      <section aria-labelledby="measures-heading" className="grid gap-4">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h2 id="measures-heading" className="scroll-mt-6 text-2xl font-semibold text-brand-navy">
            Measures <span className="text-base font-normal text-slate-600">({shown.total})</span>
          </h2>
          <MeasureDialog />
        </div>
        {shown.total === 0 ? (
          <p className="text-slate-700">No measures loaded: run the seed step (npm run db:seed) to load the committed tariff tables.</p>
        ) : (
          <>
            <p className="text-sm text-slate-700" data-testid="measure-range">
              Showing {shown.from}-{shown.to} of {shown.total}, by status (in force first), then authority and name (page {shown.page} of {shown.pages}).
            </p>
            <MeasurePager shown={shown} label="Measure pages" />
            {overview.measures.map((m) => (
              <MeasureCard key={m.id} measure={m} />
            ))}
            <MeasurePager shown={shown} label="Measure pages, again below the list" />
          </>
        )}
      </section>
      <AuditLog rows={overview.audit} />
    </div>
  );
}
