import type { EvidenceNode } from "@/lib/tariffs/evidence";
import { UnconfirmedBadge } from "./severity-badge";

export type EvidenceSource = { id: string; title: string; citation: string | null; url: string; publisher: string; publishedAt: string };

/**
 * "How we computed this" (docs/alerts.md, "The alerts page"): every figure with its formula (numbers
 * substituted), the figures it was computed from and footnote links to its sources; a
 * dashed "unconfirmed" badge where it rests on a low-confidence row.
 */
export function EvidencePanel({ nodes, sources }: { nodes: EvidenceNode[]; sources: EvidenceSource[] }) {
  const numbering = new Map(sources.map((s, i) => [s.id, i + 1]));
  const labels = new Map(nodes.map((n) => [n.id, n.label]));
  return (
    <section aria-labelledby="how-heading" className="grid gap-4">
      <h2 id="how-heading" className="text-xl font-semibold text-brand-navy">
        How we computed this
      </h2>
      <ol className="grid gap-3">
        {nodes.map((n) => (
          <li key={n.id} id={`figure-${n.id}`} className="rounded-md border bg-white p-3" data-testid="evidence-node">
            <div className="flex flex-wrap items-center gap-2">
              <span className="text-sm font-semibold text-slate-900">{n.label}</span>
              {n.unconfirmed ? <UnconfirmedBadge /> : null}
            </div>
            <p className="mt-1 text-base text-slate-900">
              {n.value}
              {n.sourceIds.map((id) =>
                numbering.has(id) ? (
                  <sup key={id} className="ml-0.5">
                    <a href={`#source-${numbering.get(id)}`} className="text-blue-700 underline">
                      [{numbering.get(id)}]
                    </a>
                  </sup>
                ) : null,
              )}
            </p>
            {n.formula ? <p className="mt-1 break-words font-mono text-xs text-slate-700">{n.formula}</p> : null}
            {n.inputs.length ? (
              <p className="mt-1 text-xs text-slate-600">
                From:{" "}
                {n.inputs.map((id, i) => (
                  <span key={id}>
                    {i > 0 ? ", " : ""}
                    <a href={`#figure-${id}`} className="underline">
                      {labels.get(id) ?? id}
                    </a>
                  </span>
                ))}
              </p>
            ) : null}
          </li>
        ))}
      </ol>
      <h3 className="text-lg font-semibold text-brand-navy">Sources</h3>
      <ol className="grid gap-2 text-sm text-slate-800">
        {sources.map((s, i) => (
          <li key={s.id} id={`source-${i + 1}`}>
            [{i + 1}] {s.title}
            {s.citation ? ` (${s.citation})` : ""}, {s.publisher}, {s.publishedAt}.{" "}
            <a href={s.url} className="break-all text-blue-700 underline" rel="noopener noreferrer">
              {s.url}
            </a>
          </li>
        ))}
      </ol>
    </section>
  );
}
