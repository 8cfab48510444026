/**
 * What the alert emails show (docs/alerts.md, "Delivery"): the props of the two templates
 * (emails/tariff-alert.tsx, emails/alert-digest.tsx), built by lib/alerts/deliver.ts. The types
 * live here, with the rules that fill them; the templates only lay them out.
 */

/** One row of the alert's figures, with footnote markers to the sources; `lines` = a product written out per case ("low: 0.1775 × 1 × +1.918% × 0.4107 = +0.14%"). */
export type AlertEmailRow = { label: string; value: string; formula?: string | null; lines?: string[]; refs?: number[]; unconfirmed?: boolean };
export type AlertEmailSource = { n: number; title: string; citation: string | null; publishedAt: string; url: string };

export type TariffAlertProps = {
  siteUrl: string;
  /** "Info", "Watch", "Act", "Critical" or "Relief". */
  severityLabel: string;
  /** A figure rests on a row not yet confirmed: said in the subject and beside the figures. */
  unconfirmed?: boolean;
  title: string;
  /** The one sentence the watch's page opens with (lib/tariffs/projection-sentence.ts); absent on older alerts. */
  sentence?: string | null;
  /** What changed, in one or two sentences. */
  reason: string;
  rows: AlertEmailRow[];
  sources: AlertEmailSource[];
  /** "htsRelease: 2026_rev_10 · measures: v... · engine: ..." */
  dataAsOf: string;
  notIncluded: string;
  /** The alert's page with "How we computed this". */
  detailUrl: string;
  preferencesUrl: string;
  /** Signed link that switches instant alert emails off (Subscriber.emailOptOuts "alerts"). */
  unsubscribeUrl: string;
};

export type DigestAlert = { title: string; severityLabel: string; reason: string; url: string; note?: string | null };
/** A watch in the digest: its name, its projection's one sentence, its threshold. */
export type DigestWatch = { name: string; projection: string; threshold: string };
export type DigestMove = { label: string; change: string; period: string };

export type AlertDigestProps = {
  siteUrl: string;
  /** "daily" or "weekly" */
  frequency: "daily" | "weekly";
  /** "week of 2026-06-29" or "2026-07-01" */
  periodLabel: string;
  alerts: DigestAlert[];
  /** The subscriber switched alert emails off: the digest says where the alerts are instead. */
  alertsOff?: boolean;
  watches: DigestWatch[];
  /** Biggest 12-month CPI/PPI category moves; `period` says the month and the fetch: "CPI for May 2026, fetched Nov 20, 2026 from the BLS API". */
  cpiMoves: DigestMove[];
  ppiMoves: DigestMove[];
  /** Shown to trials: what the paid plans add. */
  upgradeNote?: string | null;
  alertsUrl: string;
  preferencesUrl: string;
  /** Signed link that switches the digest off (Subscriber.emailOptOuts "digest"). */
  unsubscribeUrl: string;
};

/** "Act" or "Act, unconfirmed": the severity with the label an unconfirmed figure carries (docs/alerts.md, "Severity"). */
export function severityTag(severityLabel: string, unconfirmed: boolean | undefined): string {
  return unconfirmed ? `${severityLabel}, unconfirmed` : severityLabel;
}
