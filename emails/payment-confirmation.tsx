import * as React from "react";
import { Button, Heading, Section, Text } from "@react-email/components";
import { EmailLayout, emailText } from "./components/email-layout";

export type PaymentConfirmationProps = {
  itemName: string;
  /** The amount the provider actually captured, formatted ("$10.00"). */
  amount: string;
  method: string;
  reference: string;
  paidOn: string;
  recurring: boolean;
  supportEmail: string;
  siteUrl: string;
  /** The address the account is under: sign in at /sign-in with it to manage the plan and see receipts. */
  accountEmail?: string;
};

export const paymentConfirmationSubject = (p: PaymentConfirmationProps) => `Payment received: ${p.itemName} (${p.amount})`;

/** The receipt sent once per successful payment. Transactional: no unsubscribe link. */
export default function PaymentConfirmation(p: PaymentConfirmationProps) {
  return (
    <EmailLayout preview={`We received your payment of ${p.amount}`} siteUrl={p.siteUrl}>
      <Heading style={emailText.heading}>Thank you, your payment went through</Heading>
      <Text style={emailText.paragraph}>
        We received {p.amount} for the {p.itemName} on {p.paidOn}, paid by {p.method}.
        {p.recurring ? " Your plan renews monthly until you cancel; you can cancel at any time." : ""}
      </Text>
      <Text style={emailText.paragraph}>
        Payment reference: {p.reference}
        <br />
        30-day money-back guarantee: if TariffWatch is not right for you, reply to this email or write to {p.supportEmail}{" "}
        within 30 days for a full refund.
      </Text>
      {p.accountEmail ? (
        <Text style={emailText.paragraph}>
          Your account: sign in at {p.siteUrl}/sign-in with {p.accountEmail} (we email you a one-time sign-in link, no
          password) to see your plan and receipts, change your card, change your email preferences or cancel.
        </Text>
      ) : null}
      <Section>
        <Button href={`${p.siteUrl}/alerts`} style={emailText.button}>
          Open your dashboard
        </Button>
      </Section>
    </EmailLayout>
  );
}
