import * as React from "react";
import { Button, Heading, Section, Text } from "@react-email/components";
import { formatPrice, PLANS } from "@/lib/catalog";
import { EmailLayout, emailText } from "./components/email-layout";
import { TrialEndNote, type TrialFollowUpProps } from "./components/trial-follow-up";

export type TrialDay7Props = TrialFollowUpProps;

export const trialDay7Subject = () => "Final notice: your TariffWatch free trial expires in 24 hours";

/** The trial's last day: final notice, it expires within 24 hours. */
export default function TrialDay7({ firstName, trialEndDate, siteUrl, unsubscribeUrl }: TrialDay7Props) {
  const consumer = PLANS.consumer;
  return (
    <EmailLayout
      preview={`Your free trial expires in 24 hours, on ${trialEndDate}`}
      siteUrl={siteUrl}
      unsubscribeUrl={unsubscribeUrl}
    >
      <Heading style={emailText.heading}>Final notice: your free trial expires in 24 hours</Heading>
      <Text style={emailText.paragraph}>
        {firstName}, this is the last reminder we send about your trial. Within the next 24 hours your tariff alerts,
        email notifications and weekly market report stop.
      </Text>
      <Text style={emailText.paragraph}>
        To keep them, choose the {consumer.name} for {formatPrice(consumer.amountCents)} a month. It takes a minute,
        there is no long-term contract, you can cancel anytime, and a 30-day money-back guarantee applies.
      </Text>
      <Section>
        <Button href={`${siteUrl}/#pricing`} style={emailText.button}>
          Keep my tariff alerts
        </Button>
      </Section>
      <TrialEndNote trialEndDate={trialEndDate} />
    </EmailLayout>
  );
}
