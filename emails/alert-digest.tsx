import * as React from "react";
import { Button, Heading, Link, Section, Text } from "@react-email/components";
import type { AlertDigestProps } from "@/lib/alerts/email-props";
import { EmailLayout, emailText } from "./components/email-layout";

export type { AlertDigestProps };

export const alertDigestSubject = (p: AlertDigestProps) =>
  `${p.frequency === "weekly" ? "Your weekly tariff report" : "Your daily tariff digest"}: ${
    p.alertsOff ? "your watches and prices" : p.alerts.length === 0 ? "no new alerts" : `${p.alerts.length} new alert${p.alerts.length === 1 ? "" : "s"}`
  } (${p.periodLabel})`;

const styles = {
  section: { color: "#0f172a", fontSize: "17px", fontWeight: 700, margin: "20px 0 6px" },
  item: { color: "#334155", fontSize: "14px", lineHeight: "21px", margin: "6px 0" },
  small: { color: "#475569", fontSize: "12px", lineHeight: "18px" },
  link: { color: "#1d4ed8", textDecoration: "underline" },
} as const;

/** The daily or weekly digest: new alerts, every watch's current projection, and the latest CPI/PPI moves. */
export default function AlertDigest(p: AlertDigestProps) {
  return (
    <EmailLayout preview={alertDigestSubject(p)} siteUrl={p.siteUrl}>
      <Heading style={emailText.heading}>{p.frequency === "weekly" ? "Your weekly tariff report" : "Your daily tariff digest"}</Heading>
      <Text style={styles.section}>New alerts</Text>
      {p.alertsOff ? (
        <Text style={styles.item}>
          Alert emails are off in your account preferences, so alerts are not listed here. They are on your alerts page.
        </Text>
      ) : p.alerts.length === 0 ? (
        <Text style={styles.item}>No new alerts since the last digest.</Text>
      ) : null}
      {p.alerts.map((a, i) => (
        <Text key={i} style={styles.item}>
          <strong>[{a.severityLabel}]</strong>{" "}
          <Link href={a.url} style={styles.link}>
            {a.title}
          </Link>
          <br />
          {a.reason}
          {a.note ? ` (${a.note})` : ""}
        </Text>
      ))}
      <Text style={styles.section}>Your watchlist now</Text>
      {p.watches.length === 0 ? <Text style={styles.item}>You are not watching anything yet.</Text> : null}
      {p.watches.map((w, i) => (
        <Text key={i} style={styles.item}>
          <strong>{w.name}</strong>: {w.projection} (alert at {w.threshold})
        </Text>
      ))}
      <Text style={styles.section}>Latest price figures</Text>
      {p.cpiMoves.length + p.ppiMoves.length === 0 ? <Text style={styles.item}>No CPI or PPI figures stored yet.</Text> : null}
      {[...p.cpiMoves, ...p.ppiMoves].map((m, i) => (
        <Text key={i} style={styles.item}>
          {m.label}: {m.change} over 12 months ({m.period})
        </Text>
      ))}
      <Text style={styles.small}>Source: US Bureau of Labor Statistics, as stored on the TariffWatch dashboard.</Text>
      {p.upgradeNote ? <Text style={styles.item}>{p.upgradeNote}</Text> : null}
      <Section>
        <Button href={p.alertsUrl} style={emailText.button}>
          Open your alerts
        </Button>
      </Section>
      <Text style={styles.small}>
        Manage: <Link href={p.preferencesUrl} style={styles.link}>frequency, thresholds and snooze in your account</Link> ·{" "}
        <Link href={p.unsubscribeUrl} style={styles.link}>stop this digest</Link>
      </Text>
    </EmailLayout>
  );
}
