import * as React from "react";
import { Button, Heading, Link, Section, Text } from "@react-email/components";
import { EmailLayout, emailText } from "./components/email-layout";

/** One row of the alert's figures (docs/alerts.md, "Delivery"), with footnote markers to the sources. */
export type AlertEmailRow = { label: string; value: string; formula?: string | null; refs?: number[]; unconfirmed?: boolean };
export type AlertEmailSource = { n: number; title: string; citation: string | null; publishedAt: string; url: string };

export type TariffAlertProps = {
  siteUrl: string;
  /** "Info", "Watch", "Act", "Critical" or "Relief". */
  severityLabel: string;
  title: string;
  /** What changed, in one or two sentences. */
  reason: string;
  rows: AlertEmailRow[];
  sources: AlertEmailSource[];
  /** "HTS 2026_rev_10 · law v... · sector shares 2024" */
  dataAsOf: string;
  notIncluded: string;
  /** The alert's page with "How we computed this". */
  detailUrl: string;
  preferencesUrl: string;
  /** Signed link that switches instant alert emails off (Subscriber.emailOptOuts "alerts"). */
  unsubscribeUrl: string;
};

export const tariffAlertSubject = (p: TariffAlertProps) => `[${p.severityLabel}] ${p.title}`.slice(0, 200);

const styles = {
  label: { color: "#475569", fontSize: "13px", fontWeight: 600, margin: "10px 0 0" },
  value: { color: "#0f172a", fontSize: "15px", lineHeight: "22px", margin: "2px 0 0" },
  formula: { color: "#475569", fontSize: "12px", lineHeight: "18px", margin: "2px 0 0", fontFamily: "Menlo, Consolas, monospace" },
  small: { color: "#475569", fontSize: "12px", lineHeight: "18px" },
  link: { color: "#1d4ed8", textDecoration: "underline" },
} as const;

/** A tariff alert for one watched item: what changed, the duty, the shelf-price band, when, sources and data versions. */
export default function TariffAlert(p: TariffAlertProps) {
  return (
    <EmailLayout preview={`${p.severityLabel}: ${p.title}`} siteUrl={p.siteUrl}>
      <Heading style={emailText.heading}>{p.title}</Heading>
      <Text style={emailText.paragraph}>
        <strong>What changed.</strong> {p.reason}
      </Text>
      <Section>
        {p.rows.map((row, i) => (
          <React.Fragment key={i}>
            <Text style={styles.label}>{row.label}</Text>
            <Text style={styles.value}>
              {row.value}
              {row.refs && row.refs.length ? ` [${row.refs.join("][")}]` : ""}
              {row.unconfirmed ? " (unconfirmed: rests on a low-confidence row, verify)" : ""}
            </Text>
            {row.formula ? <Text style={styles.formula}>{row.formula}</Text> : null}
          </React.Fragment>
        ))}
      </Section>
      <Text style={styles.small}>Not included: {p.notIncluded}</Text>
      <Section>
        <Button href={p.detailUrl} style={emailText.button}>
          How we computed this
        </Button>
      </Section>
      <Text style={styles.label}>Sources</Text>
      {p.sources.map((s) => (
        <Text key={s.n} style={styles.small}>
          [{s.n}] {s.title}
          {s.citation ? ` (${s.citation})` : ""}, {s.publishedAt}.{" "}
          <Link href={s.url} style={styles.link}>
            {s.url}
          </Link>
        </Text>
      ))}
      <Text style={styles.small}>Data as of: {p.dataAsOf}</Text>
      <Text style={styles.small}>
        Manage: <Link href={p.preferencesUrl} style={styles.link}>threshold, frequency, snooze and SMS in your account</Link> ·{" "}
        <Link href={p.unsubscribeUrl} style={styles.link}>stop instant alert emails</Link> (your digest and your alerts page stay).
      </Text>
    </EmailLayout>
  );
}
