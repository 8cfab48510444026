import * as React from "react";
import { Button, Heading, Section, Text } from "@react-email/components";
import { EmailLayout, emailText } from "./components/email-layout";

export type SignInLinkProps = {
  /** `${SITE_URL}/sign-in/verify?token=...`: opens a page with a button; the link alone signs nobody in. */
  signInUrl: string;
  /** Minutes until the link expires. */
  expiresInMinutes: number;
  siteUrl: string;
};

export const signInLinkSubject = "Your TariffWatch sign-in link";

/** The one-time sign-in link (docs/accounts.md). Transactional: no unsubscribe link. */
export default function SignInLink({ signInUrl, expiresInMinutes, siteUrl }: SignInLinkProps) {
  return (
    <EmailLayout preview={`Your sign-in link works once, for ${expiresInMinutes} minutes`} siteUrl={siteUrl}>
      <Heading style={emailText.heading}>Sign in to TariffWatch</Heading>
      <Text style={emailText.paragraph}>
        Someone (we hope you) asked to sign in to TariffWatch with this email address. Open the link below and press
        &ldquo;Sign in&rdquo; on the page it opens.
      </Text>
      <Section>
        <Button href={signInUrl} style={emailText.button}>
          Sign in to TariffWatch
        </Button>
      </Section>
      <Text style={emailText.paragraph}>
        Or copy this address into your browser: {signInUrl}
      </Text>
      <Text style={emailText.paragraph}>
        The link works once and expires in {expiresInMinutes} minutes. If you did not ask for it, ignore this email:
        nobody can sign in without the link.
      </Text>
    </EmailLayout>
  );
}
