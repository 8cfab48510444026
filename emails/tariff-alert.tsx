import * as React from "react";
import { Button, Heading, Link, Section, Text } from "@react-email/components";
import { severityTag, type TariffAlertProps } from "@/lib/alerts/email-props";
import { EmailLayout, emailText } from "./components/email-layout";

export type { TariffAlertProps };

export const tariffAlertSubject = (p: TariffAlertProps) => `[${severityTag(p.severityLabel, p.unconfirmed)}] ${p.title}`.slice(0, 200);

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
    <EmailLayout preview={p.sentence ?? `${severityTag(p.severityLabel, p.unconfirmed)}: ${p.title}`} siteUrl={p.siteUrl}>
      <Heading style={emailText.heading}>{p.title}</Heading>
      {p.sentence ? (
        <Text style={emailText.paragraph} data-testid="sentence">
          <strong>{p.sentence}</strong>
        </Text>
      ) : null}
      {p.unconfirmed ? (
        <Text style={styles.small}>Unconfirmed: part of this rests on a rule we have not yet confirmed against the final legal text. Check the sources before you act.</Text>
      ) : null}
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
            {(row.lines ?? []).map((line) => (
              <Text key={line} style={styles.formula}>
                {line}
              </Text>
            ))}
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
