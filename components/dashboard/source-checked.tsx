import { formatPeriod, isPeriod } from "@/lib/economy/periods";
import type { SourceCheckDetails } from "@/lib/economy/schemas";
import { formatDate, formatDateTime } from "./format";

/**
 * "Source last checked <time>": when a refresh last got an answer from the source (the
 * refresh ledger, lib/economy/alert-presentation.ts), never when a row was stored. With no
 * check yet, it says the figures are the offline snapshot's. When the latest attempt got no
 * answer, it says so: the figures shown are the last good ones.
 */
export function SourceChecked({ check, source, testId }: { check: SourceCheckDetails | undefined; source: string; testId?: string }) {
  if (!check) return null;
  return (
    <span data-testid={testId}>
      {check.lastCheckedAt ? (
        <>
          {source} last checked <time dateTime={check.lastCheckedAt}>{formatDateTime(check.lastCheckedAt)}</time>
        </>
      ) : (
        <>{source} not checked yet: these are the figures of the offline snapshot shipped with the site</>
      )}
      {check.lastAttemptOk === false && check.lastAttemptAt ? (
        <>
          {" "}
          (the latest check, <time dateTime={check.lastAttemptAt}>{formatDateTime(check.lastAttemptAt)}</time>, got no answer; the last good data is
          shown)
        </>
      ) : null}
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
