import * as React from "react";
import { render } from "@react-email/render";
import { oneLine } from "@/lib/format";
import NewsletterWelcome, { newsletterWelcomeSubject, type NewsletterWelcomeProps } from "@/emails/newsletter-welcome";
import TrialWelcome, { trialWelcomeSubject, type TrialWelcomeProps } from "@/emails/trial-welcome";
import TrialDay2, { trialDay2Subject, type TrialDay2Props } from "@/emails/trial-day2";
import TrialDay5, { trialDay5Subject, type TrialDay5Props } from "@/emails/trial-day5";
import TrialDay7, { trialDay7Subject, type TrialDay7Props } from "@/emails/trial-day7";
import PaymentConfirmation, { paymentConfirmationSubject, type PaymentConfirmationProps } from "@/emails/payment-confirmation";
import EbookPreview, { ebookPreviewSubject, type EbookPreviewProps } from "@/emails/ebook-preview";
import EbookReceipt, { ebookReceiptSubject, type EbookReceiptProps } from "@/emails/ebook-receipt";
import AccessPaused, { accessPausedSubject, type AccessPausedProps } from "@/emails/access-paused";
import SignInLink, { signInLinkSubject, type SignInLinkProps } from "@/emails/sign-in-link";
import TariffAlert, { tariffAlertSubject, type TariffAlertProps } from "@/emails/tariff-alert";
import AlertDigest, { alertDigestSubject, type AlertDigestProps } from "@/emails/alert-digest";
import OperatorDispute, { operatorDisputeSubject, type OperatorDisputeProps } from "@/emails/operator-dispute";

/**
 * Every email the product sends, by name, with the props its React Email template
 * takes. Rendering gives the subject, the HTML and the plain-text part.
 */
export type EmailRequest =
  | { template: "newsletter-welcome"; props: NewsletterWelcomeProps }
  | { template: "trial-welcome"; props: TrialWelcomeProps }
  | { template: "trial-day2"; props: TrialDay2Props }
  | { template: "trial-day5"; props: TrialDay5Props }
  | { template: "trial-day7"; props: TrialDay7Props }
  | { template: "payment-confirmation"; props: PaymentConfirmationProps }
  | { template: "ebook-preview"; props: EbookPreviewProps }
  | { template: "ebook-receipt"; props: EbookReceiptProps }
  | { template: "access-paused"; props: AccessPausedProps }
  | { template: "sign-in-link"; props: SignInLinkProps }
  | { template: "tariff-alert"; props: TariffAlertProps }
  | { template: "alert-digest"; props: AlertDigestProps }
  | { template: "operator-dispute"; props: OperatorDisputeProps };

export type TemplateName = EmailRequest["template"];

export type RenderedEmail = { subject: string; html: string; text: string };

/**
 * Marketing mail: carries an unsubscribe link and the List-Unsubscribe headers, and goes only
 * to an address whose account turned marketing email on and has not unsubscribed since
 * (docs/email.md, "Consent"). The others are service mail: what the person asked for or
 * must know about their account (a receipt, an access link, the trial's confirmation and
 * its last-day notice, the e-book chapters they asked for, alerts). They go out whatever the
 * marketing choice, and carry no marketing unsubscribe link.
 */
const MARKETING: Readonly<Record<TemplateName, boolean>> = {
  "newsletter-welcome": true,
  // Tips and a sample story during the trial: marketing.
  "trial-day2": true,
  "trial-day5": true,
  // The trial started (its end date, its first steps), and the notice the day before it ends
  // (the alerts stop): the account's own news, like "access-paused".
  "trial-welcome": false,
  "trial-day7": false,
  // The chapters the person asked for, with their access link.
  "ebook-preview": false,
  "payment-confirmation": false,
  "ebook-receipt": false,
  "access-paused": false,
  "sign-in-link": false,
  // Alerts and digests are what the subscriber asked for, not marketing: they carry their own
  // signed opt-out link (lib/alerts/optout.ts: Subscriber.emailOptOuts) and a preferences link.
  "tariff-alert": false,
  "alert-digest": false,
  // To the operator about a card dispute (lib/payments/events/stripe/dispute-email.ts).
  "operator-dispute": false,
};

export const TEMPLATE_NAMES = Object.keys(MARKETING) as TemplateName[];

export function isMarketingTemplate(template: string): boolean {
  return (MARKETING as Readonly<Record<string, boolean>>)[template] === true;
}

function compose(request: EmailRequest): { subject: string; element: React.ReactElement } {
  switch (request.template) {
    case "newsletter-welcome":
      return { subject: newsletterWelcomeSubject, element: React.createElement(NewsletterWelcome, request.props) };
    case "trial-welcome":
      return { subject: trialWelcomeSubject, element: React.createElement(TrialWelcome, request.props) };
    case "trial-day2":
      return { subject: trialDay2Subject(request.props), element: React.createElement(TrialDay2, request.props) };
    case "trial-day5":
      return { subject: trialDay5Subject(request.props), element: React.createElement(TrialDay5, request.props) };
    case "trial-day7":
      return { subject: trialDay7Subject(), element: React.createElement(TrialDay7, request.props) };
    case "payment-confirmation":
      return { subject: paymentConfirmationSubject(request.props), element: React.createElement(PaymentConfirmation, request.props) };
    case "ebook-preview":
      return { subject: ebookPreviewSubject, element: React.createElement(EbookPreview, request.props) };
    case "ebook-receipt":
      return { subject: ebookReceiptSubject(request.props), element: React.createElement(EbookReceipt, request.props) };
    case "access-paused":
      return { subject: accessPausedSubject(request.props), element: React.createElement(AccessPaused, request.props) };
    case "sign-in-link":
      return { subject: signInLinkSubject, element: React.createElement(SignInLink, request.props) };
    case "tariff-alert":
      return { subject: tariffAlertSubject(request.props), element: React.createElement(TariffAlert, request.props) };
    case "alert-digest":
      return { subject: alertDigestSubject(request.props), element: React.createElement(AlertDigest, request.props) };
    case "operator-dispute":
      return { subject: operatorDisputeSubject(request.props), element: React.createElement(OperatorDispute, request.props) };
  }
}

export async function renderEmail(request: EmailRequest): Promise<RenderedEmail> {
  const { subject, element } = compose(request);
  const [html, text] = await Promise.all([render(element), render(element, { plainText: true })]);
  // A subject is one header line, whatever a name in it holds (docs/security.md "Names on one line").
  return { subject: oneLine(subject), html, text };
}
