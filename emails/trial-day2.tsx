import * as React from "react";
import { Button, Heading, Section, Text } from "@react-email/components";
import { EmailLayout, emailText } from "./components/email-layout";
import { daysPhrase, TrialEndNote, type TrialFollowUpProps } from "./components/trial-follow-up";

export type TrialDay2Props = TrialFollowUpProps;

export const trialDay2Subject = (p: TrialDay2Props) => `${p.firstName}, your tariff protection is active`;

/** Day 2 of the free trial: welcome, protection is active, what to do with it. */
export default function TrialDay2({ firstName, daysLeft, trialEndDate, siteUrl, unsubscribeUrl }: TrialDay2Props) {
  return (
    <EmailLayout
      preview={`Your alerts are watching prices for you. ${daysPhrase(daysLeft)} left in your trial.`}
      siteUrl={siteUrl}
      unsubscribeUrl={unsubscribeUrl}
    >
      <Heading style={emailText.heading}>Your protection is active, {firstName}</Heading>
      <Text style={emailText.paragraph}>
        Two days in, TariffWatch is watching prices for you. When a tariff change is likely to raise the price of
        something you buy, you get an alert with what is changing, roughly when it reaches store shelves (usually 30 to
        90 days after the tariff) and a cheaper domestic or untariffed alternative where we know one.
      </Text>
      <Text style={emailText.paragraph}>Make the most of the {daysPhrase(daysLeft)} you have left:</Text>
      <Text style={emailText.paragraph}>
        1. Open the live dashboard: this month&apos;s consumer and producer prices from the US Bureau of Labor
        Statistics, with the categories moving fastest.
        <br />
        2. Run the calculator with your monthly spending to see what tariffs could cost you this year.
        <br />
        3. Watch the demo to see how an alert and its alternatives look.
      </Text>
      <Section>
        <Button href={`${siteUrl}/alerts`} style={emailText.button}>
          Open the live dashboard
        </Button>
      </Section>
      <Text style={emailText.paragraph}>
        Calculator: {siteUrl}/calculator
        <br />
        Demo: {siteUrl}/demo
      </Text>
      <TrialEndNote trialEndDate={trialEndDate} />
    </EmailLayout>
  );
}
