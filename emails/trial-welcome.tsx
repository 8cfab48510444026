import * as React from "react";
import { Button, Heading, Section, Text } from "@react-email/components";
import { MARKET_DASHBOARD_PATH, SUBSCRIBER_HOME_PATH } from "@/lib/accounts/paths";
import { EmailLayout, emailText } from "./components/email-layout";

export type TrialWelcomeProps = {
  firstName: string;
  /** The trial's last day, already formatted for the reader, e.g. "Saturday, November 28, 2026". */
  trialEndDate: string;
  siteUrl: string;
  unsubscribeUrl?: string;
};

export const trialWelcomeSubject = "Your 7-day TariffWatch free trial has started";

/**
 * Sent once when a free trial starts: the trial's confirmation, so a service email, not
 * marketing (docs/email.md). Its first step is the watchlist, where a sign-in lands too
 * (docs/accounts.md). /email-preview shows this same template.
 */
export default function TrialWelcome({ firstName, trialEndDate, siteUrl, unsubscribeUrl }: TrialWelcomeProps) {
  const watchlistUrl = `${siteUrl}${SUBSCRIBER_HOME_PATH}`;
  return (
    <EmailLayout preview={`Your free trial runs until ${trialEndDate}`} siteUrl={siteUrl} unsubscribeUrl={unsubscribeUrl}>
      <Heading style={emailText.heading}>Welcome, {firstName}! Your free trial has started</Heading>
      <Text style={emailText.paragraph}>
        For the next 7 days you can watch up to 3 product categories and the items you buy in them. No payment is
        needed, and your trial ends on {trialEndDate}.
      </Text>
      <Text style={emailText.paragraph}>Your first steps:</Text>
      <Text style={emailText.paragraph}>
        1. Open your watchlist and add what you buy: a category such as footwear, or an item with its price and where
        it is made. You sign in with this email address: we send you a link, there is no password.
        <br />
        2. Each watch shows the projected price change from tariff law, with the working and the legal sources.
        <br />
        3. When a tariff change is projected to move something you watch past your alert level, it is listed under
        Alerts and arrives in your weekly digest email.
      </Text>
      <Section>
        <Button href={watchlistUrl} style={emailText.button}>
          Open your watchlist
        </Button>
      </Section>
      <Text style={emailText.paragraph}>
        Or copy this address into your browser: {watchlistUrl}
      </Text>
      <Text style={emailText.paragraph}>
        The market dashboard, with the latest monthly consumer and producer price figures and tariff news, is open to
        everyone: {`${siteUrl}${MARKET_DASHBOARD_PATH}`}
      </Text>
    </EmailLayout>
  );
}
