import * as React from "react";
import { Button, Heading, Section, Text } from "@react-email/components";
import { CHAPTERS } from "@/lib/ebook/chapters";
import { EmailLayout, emailText } from "./components/email-layout";

export type EbookReceiptProps = {
  name: string;
  /** The amount actually captured, formatted ("$4.99"). */
  amount: string;
  /** The buyer's access link to the complete guide. */
  accessUrl: string;
  /** The wallet order id (the payment reference). */
  orderId: string;
  supportEmail: string;
  siteUrl: string;
};

export const ebookReceiptSubject = (p: EbookReceiptProps) => `Your Tariff Survival Guide: receipt and access link (${p.amount})`;

/** The e-book receipt with the buyer's access link. Transactional: no unsubscribe link. */
export default function EbookReceipt({ name, amount, accessUrl, orderId, supportEmail, siteUrl }: EbookReceiptProps) {
  return (
    <EmailLayout preview="Thank you for your purchase. Your access link is inside." siteUrl={siteUrl}>
      <Heading style={emailText.heading}>Thank you, {name}: the complete guide is yours</Heading>
      <Text style={emailText.paragraph}>
        We received {amount} for the Tariff Survival Guide. All {CHAPTERS.length} chapters, with narration, videos,
        interactive charts and transcripts, are unlocked for you, with lifetime access.
      </Text>
      <Section>
        <Button href={accessUrl} style={emailText.button}>
          Open the complete guide
        </Button>
      </Section>
      <Text style={emailText.paragraph}>
        Your access link: {accessUrl}
        <br />
        Keep this email: the link is how you come back to the guide.
      </Text>
      <Text style={emailText.paragraph}>
        Order reference: {orderId}
        <br />
        30-day money-back guarantee: if the guide is not right for you, write to {supportEmail} within 30 days of
        purchase for a full refund.
      </Text>
    </EmailLayout>
  );
}
