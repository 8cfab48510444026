import * as React from "react";
import { Button, Heading, Section, Text } from "@react-email/components";
import { EmailLayout, emailText } from "./components/email-layout";

export type NewsletterWelcomeProps = { siteUrl: string; unsubscribeUrl?: string };

export const newsletterWelcomeSubject = "Welcome to TariffWatch: your tariff alerts start now";

/** Sent once when someone subscribes to the newsletter. */
export default function NewsletterWelcome({ siteUrl, unsubscribeUrl }: NewsletterWelcomeProps) {
  return (
    <EmailLayout preview="Weekly tariff news and price alerts for your household" siteUrl={siteUrl} unsubscribeUrl={unsubscribeUrl}>
      <Heading style={emailText.heading}>Welcome to TariffWatch</Heading>
      <Text style={emailText.paragraph}>
        Thanks for subscribing. Each week we send a short briefing: which tariffs changed, which everyday products are
        likely to cost more in the next 30 to 90 days, and cheaper domestic or untariffed alternatives worth a look.
      </Text>
      <Text style={emailText.paragraph}>
        Want to see today&apos;s numbers? The live dashboard tracks consumer and producer prices from the US Bureau of
        Labor Statistics.
      </Text>
      <Section>
        <Button href={`${siteUrl}/alerts`} style={emailText.button}>
          Open the live dashboard
        </Button>
      </Section>
    </EmailLayout>
  );
}
