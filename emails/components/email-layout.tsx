import * as React from "react";
import { Body, Container, Head, Hr, Html, Link, Preview, Section, Text } from "@react-email/components";

export type EmailLayoutProps = {
  preview: string;
  siteUrl: string;
  /** Shown in the footer of marketing mail; transactional mail leaves it out. */
  unsubscribeUrl?: string;
  children: React.ReactNode;
};

const styles = {
  body: { backgroundColor: "#f1f5f9", fontFamily: "-apple-system, Segoe UI, Roboto, Helvetica, Arial, sans-serif", margin: 0 },
  container: { backgroundColor: "#ffffff", margin: "24px auto", padding: "32px", borderRadius: "12px", maxWidth: "560px" },
  brand: { color: "#0b1b3f", fontSize: "20px", fontWeight: 700, margin: "0 0 16px" },
  footer: { color: "#475569", fontSize: "12px", lineHeight: "18px" },
  /** Dark enough to read on white and underlined, so a link is not told apart by colour alone. */
  link: { color: "#1d4ed8", textDecoration: "underline" },
} as const;

/** The frame every TariffWatch email shares: brand line, content, footer. */
export function EmailLayout({ preview, siteUrl, unsubscribeUrl, children }: EmailLayoutProps) {
  return (
    <Html lang="en">
      <Head />
      <Preview>{preview}</Preview>
      <Body style={styles.body}>
        <Container style={styles.container}>
          <Text style={styles.brand}>TariffWatch</Text>
          {children}
          <Hr />
          <Section>
            <Text style={styles.footer}>
              TariffWatch, tariff price alerts for US households. <Link href={siteUrl} style={styles.link}>{siteUrl.replace(/^https?:\/\//, "")}</Link>
            </Text>
            {unsubscribeUrl ? (
              <Text style={styles.footer}>
                You receive this because you signed up at TariffWatch. <Link href={unsubscribeUrl} style={styles.link}>Unsubscribe</Link>
              </Text>
            ) : null}
          </Section>
        </Container>
      </Body>
    </Html>
  );
}

export const emailText = {
  heading: { color: "#0f172a", fontSize: "22px", fontWeight: 700, margin: "0 0 12px" },
  paragraph: { color: "#334155", fontSize: "15px", lineHeight: "24px" },
  button: {
    backgroundColor: "#1d4ed8",
    color: "#ffffff",
    borderRadius: "8px",
    padding: "12px 20px",
    fontWeight: 600,
    textDecoration: "none",
    display: "inline-block",
  },
} as const;
