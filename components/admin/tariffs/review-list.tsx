import type { ReviewRow } from "@/lib/admin/tariff-overview";
import { ReviewActions } from "./review-actions";

/**
 * The "To review" queue of /admin/tariffs (docs/tariffs.md, "Operator side" and "HTS
 * revisions"): Federal Register documents from the data refresh (a lead: the operator enters
 * the change, then marks it done) and HTS revision changes from the importer, each with its
 * before/after (approving one stores it and re-evaluates the watches it touches).
 */
const SCROLL_X = "relative overflow-x-auto [contain:inline-size]";

function origin(r: ReviewRow): string {
  if (r.kind === "federal-register") return `FR Doc ${r.documentNumber}`;
  const what = r.kind === "hts-line" ? "rate line" : r.kind === "hts-ch99" ? "Chapter 99 heading" : "statistical lines";
  return `HTS import, ${r.releaseId ?? "?"}, ${what}${r.hts ? ` ${r.hts}` : ""}`;
}

function DiffTable({ row }: { row: ReviewRow }) {
  if (!row.diff.length) return null;
  return (
    <div className={SCROLL_X}>
      <table className="w-full text-left text-xs" data-testid={`review-diff-${row.documentNumber}`}>
        <caption className="sr-only">What changes: {row.title}</caption>
        <thead>
          <tr className="border-b text-slate-600">
            <th scope="col" className="p-1.5 font-medium">
              Field
            </th>
            <th scope="col" className="p-1.5 font-medium">
              Stored now
            </th>
            <th scope="col" className="p-1.5 font-medium">
              {row.releaseId ?? "New"}
            </th>
          </tr>
        </thead>
        <tbody>
          {row.diff.map((d) => (
            <tr key={d.field} className={`border-b align-top last:border-0 ${d.before !== d.after ? "bg-amber-50" : ""}`}>
              <th scope="row" className="p-1.5 font-medium text-slate-800">
                {d.field}
              </th>
              <td className="max-w-md break-words p-1.5 text-slate-700">{d.before}</td>
              <td className="max-w-md break-words p-1.5 text-slate-900">{d.after}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {row.measureIds.length ? <p className="mt-1 text-xs text-slate-700">Measures citing this heading: {row.measureIds.join(", ")} (their rate is the operator&apos;s edit, citing this revision).</p> : null}
    </div>
  );
}

export function ReviewList({ toReview, resolved }: { toReview: ReviewRow[]; resolved: ReviewRow[] }) {
  const label: Record<string, string> = { done: "Done", dismissed: "Dismissed", superseded: "Superseded" };
  return (
    <section aria-labelledby="review-heading" className="grid gap-3">
      <h2 id="review-heading" className="text-2xl font-semibold text-brand-navy">
        To review <span className="text-base font-normal text-slate-600">({toReview.length})</span>
      </h2>
      <p className="text-sm text-slate-700">
        New Federal Register tariff documents from the data refresh: enter the change as a measure or an event (cite the document&apos;s URL), then mark it done;
        dismiss documents that change nothing we model. Changes of a new HTS revision from the importer: <em>Approve</em> stores the new line, rate or heading
        text with its release and re-evaluates the watches it touches; <em>Dismiss</em> keeps what is stored.
      </p>
      {toReview.length === 0 ? (
        <p className="rounded-md border bg-white p-4 text-slate-700" data-testid="review-empty">
          Nothing to review.
        </p>
      ) : (
        <ul className="grid gap-2" data-testid="review-list">
          {toReview.map((r) => (
            <li key={r.id} className="grid gap-2 rounded-md border bg-white p-3">
              <div className="flex flex-wrap items-center justify-between gap-3">
                <div className="grid gap-0.5">
                  <a href={r.url} target="_blank" rel="noopener noreferrer" className="font-medium text-primary hover:underline">
                    {r.title}
                    <span className="sr-only"> (opens in a new tab)</span>
                  </a>
                  <span className="text-xs text-slate-600">
                    {origin(r)} · published {r.publishedAt.slice(0, 10)}
                  </span>
                </div>
                <ReviewActions id={r.id} documentNumber={r.documentNumber} kind={r.kind} />
              </div>
              <DiffTable row={r} />
            </li>
          ))}
        </ul>
      )}
      {resolved.length ? (
        <details className="text-sm">
          <summary className="cursor-pointer text-slate-700">Recently resolved ({resolved.length})</summary>
          <ul className="mt-2 grid gap-1">
            {resolved.map((r) => (
              <li key={r.id}>
                {label[r.status] ?? r.status}: {r.title} ({origin(r)}) by {r.resolvedBy ?? "?"}
              </li>
            ))}
          </ul>
        </details>
      ) : null}
    </section>
  );
}
