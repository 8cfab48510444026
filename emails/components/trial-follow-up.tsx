import * as React from "react";
import { Text } from "@react-email/components";
import { emailText } from "./email-layout";

/** Props shared by the three trial follow-up emails (day 2, day 5, day 7). */
export type TrialFollowUpProps = {
  firstName: string;
  /** Whole days left in the trial, rounded up (1-7). */
  daysLeft: number;
  /** The trial's end, already formatted for the reader, e.g. "Saturday, November 28, 2026". */
  trialEndDate: string;
  siteUrl: string;
  unsubscribeUrl?: string;
};

/** "1 day" / "2 days". */
export function daysPhrase(daysLeft: number): string {
  return `${daysLeft} ${daysLeft === 1 ? "day" : "days"}`;
}

/** The line every follow-up ends with: when the trial ends and that nothing is charged. */
export function TrialEndNote({ trialEndDate }: { trialEndDate: string }) {
  return (
    <Text style={emailText.paragraph}>
      Your free trial ends on {trialEndDate}. We never asked for a card, so nothing is charged when it ends: your
      alerts simply stop unless you choose a plan.
    </Text>
  );
}
