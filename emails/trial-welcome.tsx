import * as React from "react";
import { Button, Heading, Section, Text } from "@react-email/components";
import { EmailLayout, emailText } from "./components/email-layout";

export type TrialWelcomeProps = {
  firstName: string;
  /** The trial's last day, already formatted for the reader, e.g. "Saturday, November 28, 2026". */
  trialEndDate: string;
  siteUrl: string;
  unsubscribeUrl?: string;
};

export const trialWelcomeSubject = "Your 7-day TariffWatch free trial has started";

/** Sent once when a free trial starts. /email-preview shows this same template. */
export default function TrialWelcome({ firstName, trialEndDate, siteUrl, unsubscribeUrl }: TrialWelcomeProps) {
  return (
    <EmailLayout preview={`Your free trial runs until ${trialEndDate}`} siteUrl={siteUrl} unsubscribeUrl={unsubscribeUrl}>
      <Heading style={emailText.heading}>Welcome, {firstName}! Your free trial has started</Heading>
      <Text style={emailText.paragraph}>
        For the next 7 days you get TariffWatch alerts on up to 3 product categories, email notifications and our weekly
        market report. No payment is needed now, and your trial ends on {trialEndDate}. We will remind you before it
        expires.
      </Text>
      <Text style={emailText.paragraph}>Three things to do first:</Text>
      <Text style={emailText.paragraph}>
        1. Watch the two-minute demo to see how an alert looks.
        <br />
        2. Open the live dashboard for this month&apos;s consumer and producer prices.
        <br />
        3. Use the calculator to see what tariffs could cost your household this year.
      </Text>
      <Section>
        <Button href={`${siteUrl}/demo`} style={emailText.button}>
          Watch the demo
        </Button>
      </Section>
      <Text style={emailText.paragraph}>
        Live dashboard: {siteUrl}/alerts
      </Text>
    </EmailLayout>
  );
}
