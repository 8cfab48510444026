import * as React from "react";
import { Button, Heading, Section, Text } from "@react-email/components";
import { MARKET_DASHBOARD_PATH, SUBSCRIBER_HOME_PATH } from "@/lib/accounts/paths";
import { SHELF_TIMING_SENTENCE } from "@/lib/tariffs/shelf-timing";
import { EmailLayout, emailText } from "./components/email-layout";
import { daysPhrase, TrialEndNote, type TrialFollowUpProps } from "./components/trial-follow-up";

export type TrialDay2Props = TrialFollowUpProps;

export const trialDay2Subject = (p: TrialDay2Props) => `${p.firstName}, your tariff protection is active`;

/** Day 2 of the free trial: welcome, protection is active, what to do with it. */
export default function TrialDay2({ firstName, daysLeft, trialEndDate, siteUrl, unsubscribeUrl }: TrialDay2Props) {
  return (
    <EmailLayout
      preview={`Your watchlist is being checked against tariff law. ${daysPhrase(daysLeft)} left in your trial.`}
      siteUrl={siteUrl}
      unsubscribeUrl={unsubscribeUrl}
    >
      <Heading style={emailText.heading}>Your protection is active, {firstName}</Heading>
      <Text style={emailText.paragraph}>
        Two days in, TariffWatch is watching the tariff law behind what you buy. When a tariff change is projected to
        raise the price of something on your watchlist past your alert level, you get an alert: what is changing, the
        projected price change with its working and sources, when it reaches the shelf, and the countries of origin
        that pay less tariff on it. {SHELF_TIMING_SENTENCE}
      </Text>
      <Text style={emailText.paragraph}>Make the most of the {daysPhrase(daysLeft)} you have left:</Text>
      <Text style={emailText.paragraph}>
        1. Add what you buy to your watchlist: a category, or an item with its price and where it is made.
        <br />
        2. Run the calculator with your monthly spending to see what tariffs could cost you this year.
        <br />
        3. Watch the demo to see how an alert and its lower-tariff origins look.
      </Text>
      <Section>
        <Button href={`${siteUrl}${SUBSCRIBER_HOME_PATH}`} style={emailText.button}>
          Open your watchlist
        </Button>
      </Section>
      <Text style={emailText.paragraph}>
        Market dashboard (the latest monthly price figures): {`${siteUrl}${MARKET_DASHBOARD_PATH}`}
        <br />
        Calculator: {siteUrl}/calculator
        <br />
        Demo: {siteUrl}/demo
      </Text>
      <TrialEndNote trialEndDate={trialEndDate} />
    </EmailLayout>
  );
}
