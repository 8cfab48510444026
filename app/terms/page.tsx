import type { Metadata } from "next";
import Link from "next/link";
import { LegalPage } from "@/components/legal/legal-page";
import { formatPrice, PLANS, PRODUCTS, TRIAL_DAYS } from "@/lib/catalog";
import { pageMetadata } from "@/lib/seo";
import { site } from "@/lib/site";

export const metadata: Metadata = pageMetadata({
  title: "Terms of Service",
  description: "TariffWatch terms: the free trial, monthly plans, cancelling, the 30-day money-back guarantee and the e-book.",
  path: "/terms",
});

export default function TermsPage() {
  const consumer = PLANS.consumer;
  const professional = PLANS.professional;
  const proAlerts = PLANS["pro-alerts"];
  return (
    <LegalPage title="Terms of Service" updated="November 21, 2026">
      <p>
        These terms apply when you use {site.name}, operated by {site.operator}. By subscribing, starting a trial or
        buying the e-book you agree to them. If you do not agree, please do not use the service.
      </p>

      <h2>The service</h2>
      <p>
        {site.name} sends alerts about tariff-driven price changes, suggests alternatives and shows economic data from
        public government sources. Alerts and figures are information, not financial advice: prices depend on retailers,
        and we cannot promise any particular saving.
      </p>

      <h2>Free trial</h2>
      <p>
        The free trial lasts {TRIAL_DAYS} days, needs no card and is limited to one per email address. It ends on its own;
        nothing is charged unless you choose a paid plan.
      </p>

      <h2>Plans and billing</h2>
      <ul>
        <li>
          {consumer.name}: {formatPrice(consumer.amountCents, { cents: true })} per month.
        </li>
        <li>
          {professional.name}: {formatPrice(professional.amountCents, { cents: true })} per month.
        </li>
        <li>
          {proAlerts.name}: {formatPrice(proAlerts.amountCents, { cents: true })} per month.
        </li>
      </ul>
      <p>
        Paid plans renew every month and are charged to the payment method you chose until you cancel. Prices are in US
        dollars. If a price changes we tell you by email at least 30 days before it applies to you.
      </p>

      <h2>Cancelling</h2>
      <p>
        There is no long-term contract. Cancel at any time by emailing{" "}
        <a href={`mailto:${site.supportEmail}`}>{site.supportEmail}</a>; your plan stays active until the end of the
        month you paid for, and you are not billed again.
      </p>

      <h2>30-day money-back guarantee</h2>
      <p>
        If you are not satisfied, ask for a refund within 30 days of your first payment for a plan and we refund that
        payment in full, no questions asked. The e-book ({PRODUCTS.ebook.name}, {formatPrice(PRODUCTS.ebook.amountCents)}{" "}
        one-time) carries the same 30 days and the same full refund.
        Refunds go back to the original payment method, usually within 5 to 10 business days.
      </p>

      <h2>The e-book</h2>
      <p>
        Buying the e-book gives you personal, lifetime access to its nine chapters through the access link we email
        you. Please do not share the link publicly; we may revoke access that is abused.
      </p>

      <h2>Acceptable use</h2>
      <p>
        Do not misuse the service: no automated sign-ups, scraping, attempts to break in, or resale of alerts without our
        written agreement.
      </p>

      <h2>Liability</h2>
      <p>
        The service is provided as is. To the extent the law allows, our liability is limited to the amount you paid us
        in the 12 months before the claim.
      </p>

      <h2>Privacy</h2>
      <p>
        How we handle your information is described in our <Link href="/privacy">Privacy Policy</Link>.
      </p>

      <h2>Contact</h2>
      <p>
        {site.operator}, {site.contactAddress.street}, {site.contactAddress.city}. Email:{" "}
        <a href={`mailto:${site.supportEmail}`}>{site.supportEmail}</a>.
      </p>
    </LegalPage>
  );
}
