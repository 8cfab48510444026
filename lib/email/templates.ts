import * as React from "react";
import { render } from "@react-email/render";
import NewsletterWelcome, { newsletterWelcomeSubject, type NewsletterWelcomeProps } from "@/emails/newsletter-welcome";
import TrialWelcome, { trialWelcomeSubject, type TrialWelcomeProps } from "@/emails/trial-welcome";
import PaymentConfirmation, { paymentConfirmationSubject, type PaymentConfirmationProps } from "@/emails/payment-confirmation";

/**
 * Every email the product sends, by name, with the props its React Email template
 * takes. Rendering gives the subject, the HTML and the plain-text part.
 */
export type EmailRequest =
  | { template: "newsletter-welcome"; props: NewsletterWelcomeProps }
  | { template: "trial-welcome"; props: TrialWelcomeProps }
  | { template: "payment-confirmation"; props: PaymentConfirmationProps };

export type TemplateName = EmailRequest["template"];

export type RenderedEmail = { subject: string; html: string; text: string };

function compose(request: EmailRequest): { subject: string; element: React.ReactElement } {
  switch (request.template) {
    case "newsletter-welcome":
      return { subject: newsletterWelcomeSubject, element: React.createElement(NewsletterWelcome, request.props) };
    case "trial-welcome":
      return { subject: trialWelcomeSubject, element: React.createElement(TrialWelcome, request.props) };
    case "payment-confirmation":
      return { subject: paymentConfirmationSubject(request.props), element: React.createElement(PaymentConfirmation, request.props) };
  }
}

export async function renderEmail(request: EmailRequest): Promise<RenderedEmail> {
  const { subject, element } = compose(request);
  const [html, text] = await Promise.all([render(element), render(element, { plainText: true })]);
  return { subject, html, text };
}
