import * as React from "react";
import { Heading, Text } from "@react-email/components";
import { EmailLayout, emailText } from "./components/email-layout";

export type OperatorDisputeProps = {
  /** Stripe's dispute id (du_...). */
  disputeId: string;
  /** The disputed amount, formatted ("$10.00"). */
  amount: string;
  /** Stripe's reason code (fraudulent, product_not_received, ...). */
  reason: string;
  /** The PaymentIntent disputed. */
  paymentIntentId: string;
  /** What we sold, when the payment is recorded. */
  itemName?: string;
  /** The account's email, when the payment is recorded. */
  accountEmail?: string;
  /** The date Stripe needs the evidence by, formatted, when it gave one. */
  evidenceDueBy?: string;
  siteUrl: string;
};

export const operatorDisputeSubject = (p: OperatorDisputeProps) => `Card dispute ${p.disputeId}: ${p.amount} (${p.reason})`;

/**
 * To the operator (SUPPORT_EMAIL) once per dispute: a card payment was disputed, the
 * account is flagged, evidence is due in Stripe's dashboard. Transactional.
 */
export default function OperatorDispute(p: OperatorDisputeProps) {
  return (
    <EmailLayout preview={`A customer disputed ${p.amount}. Respond in the Stripe dashboard.`} siteUrl={p.siteUrl}>
      <Heading style={emailText.heading}>A card payment was disputed</Heading>
      <Text style={emailText.paragraph}>
        Dispute {p.disputeId}: {p.amount}, reason &quot;{p.reason}&quot;, on payment {p.paymentIntentId}
        {p.itemName ? ` for the ${p.itemName}` : ""}.
      </Text>
      <Text style={emailText.paragraph}>
        {p.accountEmail ? `The account ${p.accountEmail} is flagged.` : "The payment is not recorded yet; the account is flagged when it is."}{" "}
        Respond with evidence in the Stripe dashboard{p.evidenceDueBy ? ` by ${p.evidenceDueBy}` : ""}.
      </Text>
    </EmailLayout>
  );
}
