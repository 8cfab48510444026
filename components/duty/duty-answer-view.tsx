import { Badge } from "@/components/ui/badge";
import { percentText, totalText, type Citation, type DutyAnswer, type DutyAnswerLine } from "@/lib/tariffs/duty-answer";

const CONFIDENCE_LABEL: Record<DutyAnswerLine["confidence"], string> = {
  confirmed: "Confirmed from the legal text",
  secondary: "Read in a secondary source",
  unconfirmed: "Unconfirmed",
};

function day(iso: string): string {
  return new Date(`${iso}T00:00:00Z`).toLocaleDateString("en-US", { year: "numeric", month: "long", day: "numeric", timeZone: "UTC" });
}

function Source({ citation }: { citation: Citation | null }) {
  if (!citation) return <span>no source on file</span>;
  return (
    <a className="underline" href={citation.url} target="_blank" rel="noopener noreferrer">
      {citation.citation ?? citation.title}
    </a>
  );
}

function LineItem({ line }: { line: DutyAnswerLine }) {
  return (
    <li className="rounded-lg border bg-white p-4">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h3 className="font-semibold text-slate-900">{line.measure}</h3>
        <p className="text-lg font-semibold tabular-nums text-slate-900">{line.rate === null ? "unknown" : `+${percentText(line.rate)}`}</p>
      </div>
      <dl className="mt-2 grid gap-x-6 gap-y-1 text-sm text-slate-700 sm:grid-cols-[auto_1fr]">
        <dt className="font-medium">Heading</dt>
        <dd>{line.heading || "none"}</dd>
        <dt className="font-medium">Basis</dt>
        <dd>{line.basis}</dd>
        <dt className="font-medium">Legal source</dt>
        <dd>
          <Source citation={line.citation} />
        </dd>
        <dt className="font-medium">How sure</dt>
        <dd>
          <Badge variant={line.confidence === "confirmed" ? "secondary" : "outline"}>{CONFIDENCE_LABEL[line.confidence]}</Badge>
        </dd>
      </dl>
      {line.onlyIf ? <p className="mt-2 text-sm text-amber-900">Applies only if {line.onlyIf}.</p> : null}
      {line.exemptIf?.map((text) => (
        <p key={text} className="mt-2 text-sm text-slate-700">
          Exempt if {text} (not assumed).
        </p>
      ))}
      {line.caveats?.map((text) => (
        <p key={text} className="mt-2 text-sm text-slate-700">
          Note: {text}.
        </p>
      ))}
    </li>
  );
}

/** The answer of the duty lookup: the total in a plain sentence, then each line with its legal basis (docs/tariffs.md "Duty lookup"). */
export function DutyAnswerView({ answer }: { answer: DutyAnswer }) {
  const known = answer.totalRate !== null;
  return (
    <section id="answer" aria-labelledby="answer-heading" className="grid gap-6" data-testid="duty-answer">
      <div>
        <h2 id="answer-heading" className="text-2xl font-bold text-brand-navy">
          {answer.hts} made in {answer.originName}, entered {day(answer.date)}
        </h2>
        <p className="mt-1 text-slate-700">{answer.description}</p>
        <p className="mt-3 text-lg text-slate-900" data-testid="duty-total">
          {known ? (
            <>
              Total duty: <strong>{totalText(answer)}</strong> of the customs value.
            </>
          ) : (
            <>
              Total duty: <strong>{totalText(answer)}</strong>.
            </>
          )}
        </p>
        {answer.unknown.length ? (
          <ul className="mt-2 list-disc pl-5 text-sm text-amber-900">
            {answer.unknown.map((u) => (
              <li key={u}>{u}</li>
            ))}
          </ul>
        ) : null}
      </div>

      <ol className="grid gap-3" aria-label="The duty line by line">
        {answer.lines.map((line) => (
          <LineItem key={`${line.measureId ?? "mfn"}`} line={line} />
        ))}
      </ol>

      {answer.partial.length ? (
        <div className="rounded-lg border border-amber-200 bg-amber-50 p-4 text-sm text-amber-950">
          <h3 className="font-semibold">Some statistical lines under this code pay more</h3>
          <ul className="mt-1 list-disc pl-5">
            {answer.partial.map((p) => (
              <li key={p.measure}>
                {p.measure}: +{percentText(p.rate)} on {p.lines.join(", ")}. Ask for the 10-digit line to know.
              </li>
            ))}
          </ul>
        </div>
      ) : null}

      <div className="rounded-lg border bg-slate-50 p-4 text-sm text-slate-800">
        <h3 className="font-semibold">Buying from an overseas site?</h3>
        <p className="mt-1">
          {answer.deMinimis.text} {answer.deMinimis.citation ? <Source citation={answer.deMinimis.citation} /> : null}
        </p>
      </div>

      {answer.next.length ? (
        <div>
          <h3 className="font-semibold text-slate-900">What changes next</h3>
          <ul className="mt-2 grid gap-2 text-sm text-slate-800">
            {answer.next.map((n) => (
              <li key={n.date} className="rounded-lg border bg-white p-3">
                <p className="font-medium">
                  {day(n.date)}: total {n.totalRate === null ? "unknown" : percentText(n.totalRate)}
                </p>
                {n.what.map((w) => (
                  <p key={w} className="mt-1 text-slate-700">
                    {w}
                  </p>
                ))}
                {n.citations.map((c) => (
                  <p key={c.id} className="mt-1">
                    <Source citation={c} />
                  </p>
                ))}
              </li>
            ))}
          </ul>
        </div>
      ) : null}

      {answer.notes.length ? (
        <details className="rounded-lg border bg-white p-4 text-sm text-slate-800">
          <summary className="cursor-pointer font-semibold">Why other measures do not apply ({answer.notes.length})</summary>
          <ul className="mt-2 list-disc pl-5">
            {answer.notes.map((n) => (
              <li key={n}>{n}</li>
            ))}
          </ul>
        </details>
      ) : null}

      <p className="text-xs text-slate-600">
        Law as of {day(answer.asOf.law)}, HTS {answer.asOf.htsRevision.replace(/_/g, " ").replace("rev", "Rev")}. Not included: antidumping and countervailing
        duties, fees, shipping. Every rate is a fraction of the customs value; preference and end-use claims are never assumed.
      </p>
    </section>
  );
}
