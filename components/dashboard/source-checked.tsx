import { sourceStatus, sourceStatusParts } from "@/lib/economy/freshness";
import { formatPeriod, isPeriod } from "@/lib/economy/periods";
import type { SourceCheckDetails } from "@/lib/economy/schemas";
import { formatDate, formatDateTime } from "./format";

/**
 * A source's status line: when a refresh last got an answer from it (the refresh ledger,
 * lib/economy/alert-presentation.ts), never when a row was stored. One state each
 * (lib/economy/freshness.ts `sourceStatus`), so the line never contradicts itself: not
 * checked yet, not reached yet (checks ran, none answered), last reached (the latest check
 * got no answer: the figures are the earlier ones), or last checked.
 */
export function SourceChecked({ check, source, testId }: { check: SourceCheckDetails | undefined; source: string; testId?: string }) {
  if (!check) return null;
  const status = sourceStatus(check);
  return (
    <span data-testid={testId} data-state={status.state}>
      {sourceStatusParts(source, status).map((part, i) =>
        typeof part === "string" ? (
          part
        ) : (
          <time key={i} dateTime={part.time}>
            {formatDateTime(part.time)}
          </time>
        ),
      )}
    </span>
  );
}

/** "May 2026 CPI, released Jun 10, 2026": the period a figure describes, the month machine-readable. */
export function PeriodLabel({ period, survey, releasedOn }: { period: string; survey: string; releasedOn: string | null }) {
  return (
    <span data-testid="period-label">
      {isPeriod(period) ? <time dateTime={period}>{formatPeriod(period)}</time> : period} {survey}
      {releasedOn ? (
        <>
          , released <time dateTime={releasedOn}>{formatDate(`${releasedOn}T00:00:00Z`)}</time>
        </>
      ) : null}
    </span>
  );
}
