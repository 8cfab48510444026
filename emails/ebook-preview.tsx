import * as React from "react";
import { Button, Heading, Section, Text } from "@react-email/components";
import { formatPrice, PRODUCTS } from "@/lib/catalog";
import { CHAPTERS } from "@/lib/ebook/chapters";
import { EmailLayout, emailText } from "./components/email-layout";

export type EbookPreviewProps = {
  name: string;
  /** Where the free chapters open. */
  previewUrl: string;
  siteUrl: string;
  unsubscribeUrl?: string;
};

export const ebookPreviewSubject = "Your free preview: chapters 1-3 of the Tariff Survival Guide";

/** Sent once after the e-book's free-preview signup: chapters 1-3 and how to get the rest. */
export default function EbookPreview({ name, previewUrl, siteUrl, unsubscribeUrl }: EbookPreviewProps) {
  const preview = CHAPTERS.filter((c) => c.previewFree);
  const ebook = PRODUCTS.ebook;
  return (
    <EmailLayout preview="Chapters 1-3 are ready: audio, video and full transcripts" siteUrl={siteUrl} unsubscribeUrl={unsubscribeUrl}>
      <Heading style={emailText.heading}>Your free chapters are ready, {name}</Heading>
      <Text style={emailText.paragraph}>
        Thanks for asking for the preview of the Tariff Survival Guide. The first {preview.length} chapters are yours to
        read, listen to and watch:
      </Text>
      <Text style={emailText.paragraph}>
        {preview.map((c, i) => (
          <React.Fragment key={c.id}>
            {i > 0 ? <br /> : null}
            Chapter {c.id}: {c.title} ({c.duration})
          </React.Fragment>
        ))}
      </Text>
      <Section>
        <Button href={previewUrl} style={emailText.button}>
          Open the free chapters
        </Button>
      </Section>
      <Text style={emailText.paragraph}>
        The complete guide has all {CHAPTERS.length} chapters with narration, videos, interactive charts and
        transcripts, for a one-time {formatPrice(ebook.amountCents)} with lifetime access and a 30-day money-back
        guarantee: {siteUrl}/tariffs-ebook
      </Text>
    </EmailLayout>
  );
}
