import * as React from "react";
import { Button, Heading, Section, Text } from "@react-email/components";
import { MARKET_DASHBOARD_PATH } from "@/lib/accounts/paths";
import { SHELF_TIMING_SENTENCE } from "@/lib/tariffs/shelf-timing";
import { EmailLayout, emailText } from "./components/email-layout";

export type NewsletterWelcomeProps = { siteUrl: string; unsubscribeUrl?: string };

export const newsletterWelcomeSubject = "Welcome to TariffWatch: your tariff alerts start now";

/** Sent once when someone subscribes to the newsletter. */
export default function NewsletterWelcome({ siteUrl, unsubscribeUrl }: NewsletterWelcomeProps) {
  return (
    <EmailLayout preview="Weekly tariff news and price alerts for your household" siteUrl={siteUrl} unsubscribeUrl={unsubscribeUrl}>
      <Heading style={emailText.heading}>Welcome to TariffWatch</Heading>
      <Text style={emailText.paragraph}>
        Thanks for subscribing. Each week we send a short briefing: which tariffs changed, which everyday products they
        are projected to make dearer, and from which countries those products pay less tariff. {SHELF_TIMING_SENTENCE}
      </Text>
      <Text style={emailText.paragraph}>
        The market dashboard shows the latest monthly consumer and producer price figures from the US Bureau of Labor
        Statistics, each with the month it describes and when we fetched it.
      </Text>
      <Section>
        <Button href={`${siteUrl}${MARKET_DASHBOARD_PATH}`} style={emailText.button}>
          Open the market dashboard
        </Button>
      </Section>
    </EmailLayout>
  );
}
