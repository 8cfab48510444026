import * as React from "react";
import { Button, Heading, Section, Text } from "@react-email/components";
import { formatPrice, PLANS } from "@/lib/catalog";
import { EmailLayout, emailText } from "./components/email-layout";

export type AccessPausedProps = {
  /** What ended: the free trial, or the plan by name ("Consumer Plan"). */
  ended: { kind: "trial" } | { kind: "plan"; planName: string };
  /** When it ended, formatted ("March 3, 2026"). */
  endedOn: string;
  /** How many items and categories the watchlist keeps. */
  watchCount: number;
  siteUrl: string;
};

export const accessPausedSubject = (p: AccessPausedProps) =>
  p.ended.kind === "trial" ? "Your TariffWatch trial has ended: alerts are paused" : `Your ${p.ended.planName} has ended: alerts are paused`;

/**
 * Sent once per lapse (lib/accounts/lapse.ts): the trial or plan ended, the account and
 * watchlist are kept, alerts are paused until the subscriber subscribes. Transactional
 * (about the account itself): no unsubscribe link.
 */
export default function AccessPaused(p: AccessPausedProps) {
  const what = p.ended.kind === "trial" ? "Your free trial" : `Your ${p.ended.planName}`;
  const consumer = PLANS.consumer;
  return (
    <EmailLayout preview={`${what} ended on ${p.endedOn}. Your watchlist is saved.`} siteUrl={p.siteUrl}>
      <Heading style={emailText.heading}>Your tariff alerts are paused</Heading>
      <Text style={emailText.paragraph}>
        {what} ended on {p.endedOn}, so we have paused your alerts and digests. Nothing is deleted: your account and your
        watchlist{p.watchCount > 0 ? ` (${p.watchCount} ${p.watchCount === 1 ? "watch" : "watches"})` : ""} are kept, and
        alerts start again as soon as you subscribe.
      </Text>
      <Text style={emailText.paragraph}>
        The {consumer.name} is {formatPrice(consumer.amountCents)} a month, with no contract: cancel any time from your
        account.
      </Text>
      <Section>
        <Button href={`${p.siteUrl}/account`} style={emailText.button}>
          Resume my alerts
        </Button>
      </Section>
      <Text style={emailText.paragraph}>
        To sign in, use {p.siteUrl}/sign-in with this email address. This is the only email we send about it.
      </Text>
    </EmailLayout>
  );
}
