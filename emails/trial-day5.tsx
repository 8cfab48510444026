import * as React from "react";
import { Button, Heading, Section, Text } from "@react-email/components";
import { formatPrice, PLANS } from "@/lib/catalog";
import { SHELF_TIMING_SENTENCE } from "@/lib/tariffs/shelf-timing";
import { TESTIMONIALS } from "@/lib/testimonials";
import { EmailLayout, emailText } from "./components/email-layout";
import { daysPhrase, TrialEndNote, type TrialFollowUpProps } from "./components/trial-follow-up";

export type TrialDay5Props = TrialFollowUpProps;

export const trialDay5Subject = (p: TrialDay5Props) => `${daysPhrase(p.daysLeft)} left in your TariffWatch free trial`;

const quoteStyle = {
  ...emailText.paragraph,
  borderLeft: "4px solid #1d4ed8",
  paddingLeft: "12px",
  fontStyle: "italic",
} as const;

/** Day 5 of the free trial: time is running out ('2 days left'), what members get from it, the plan price. */
export default function TrialDay5({ firstName, daysLeft, trialEndDate, siteUrl, unsubscribeUrl }: TrialDay5Props) {
  const story = TESTIMONIALS[1];
  const consumer = PLANS.consumer;
  return (
    <EmailLayout
      preview={`Only ${daysPhrase(daysLeft)} left: keep your tariff alerts for ${formatPrice(consumer.amountCents)} a month`}
      siteUrl={siteUrl}
      unsubscribeUrl={unsubscribeUrl}
    >
      <Heading style={emailText.heading}>
        {firstName}, only {daysPhrase(daysLeft)} left in your free trial
      </Heading>
      <Text style={emailText.paragraph}>
        {SHELF_TIMING_SENTENCE} So the alerts you get now are about prices you will pay over the coming months, and
        they stop when your trial runs out.
      </Text>
      {story ? (
        <>
          <Text style={emailText.paragraph}>How households use TariffWatch (an illustrative story from our testimonials page):</Text>
          <Text style={quoteStyle}>
            &ldquo;{story.quote}&rdquo; ({story.category}, {story.location}: {story.savings} {story.period})
          </Text>
        </>
      ) : null}
      <Text style={emailText.paragraph}>
        Keep your alerts with the {consumer.name} for {formatPrice(consumer.amountCents)} a month: unlimited product
        categories, real-time alerts and the lower-tariff origins of what you watch. No long-term contract; cancel anytime.
      </Text>
      <Section>
        <Button href={`${siteUrl}/#pricing`} style={emailText.button}>
          Keep my alerts
        </Button>
      </Section>
      <TrialEndNote trialEndDate={trialEndDate} />
    </EmailLayout>
  );
}
