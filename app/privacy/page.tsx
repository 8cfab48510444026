import type { Metadata } from "next";
import Link from "next/link";
import { LegalPage } from "@/components/legal/legal-page";
import { pageMetadata } from "@/lib/seo";
import { site } from "@/lib/site";

export const metadata: Metadata = pageMetadata({
  title: "Privacy Policy",
  description: "What TariffWatch collects, why, how long we keep it, and how to unsubscribe, cancel or delete your data.",
  path: "/privacy",
});

export default function PrivacyPage() {
  return (
    <LegalPage title="Privacy Policy" updated="November 28, 2026">
      <p>
        {site.name} is operated by {site.operator} (&ldquo;we&rdquo;). This policy explains what we collect when you use
        the site, why, who else handles it, and the choices you have. We do not sell your personal information.
      </p>

      <h2>What we collect</h2>
      <ul>
        <li>
          <strong>Newsletter:</strong> your email address and the date you subscribed.
        </li>
        <li>
          <strong>Free trial:</strong> your first name, last name and email address, and the trial&rsquo;s start and end
          dates.
        </li>
        <li>
          <strong>E-book preview:</strong> your name and email address.
        </li>
        <li>
          <strong>Payments:</strong> your email address, the plan or product you bought, the amount and the payment
          provider&rsquo;s reference. Card numbers go straight to our card processor (Stripe) and wallet payments to
          PayPal; we never see or store full card details.
        </li>
        <li>
          <strong>Emails we send you:</strong> a record of each message (recipient, type, time, delivery status).
        </li>
        <li>
          <strong>Technical data:</strong> your IP address, kept briefly in memory to stop abuse of our forms (rate
          limiting), and standard server logs.
        </li>
      </ul>

      <h2>Why we use it</h2>
      <ul>
        <li>To send the alerts, reports, receipts and access links you asked for or paid for.</li>
        <li>To run your free trial: a welcome email with your first steps, and a notice the day before it ends.</li>
        <li>
          To send news, offers, tips during your trial and the newsletter, <strong>only if you turned them on</strong>: by
          subscribing to the newsletter, by ticking the box on the trial or e-book form, or in your account. They are off
          until you do.
        </li>
        <li>To give each email address one free trial (see &ldquo;Deleting your account&rdquo; below).</li>
        <li>To take payments, keep records the law requires, and handle refunds.</li>
        <li>To keep the service secure and working.</li>
      </ul>

      <h2>Who else handles it</h2>
      <p>
        We use a small number of service providers, each only for its own part: Stripe (card payments), PayPal (wallet
        payments), Resend (email delivery) and our hosting provider. Economic data shown on the site comes from public
        government sources and contains no personal information.
      </p>

      <h2>How long we keep it</h2>
      <p>
        Newsletter and trial details are kept while you are subscribed or your account is active, and deleted within 30
        days after you ask us to. Payment records are kept for as long as tax law requires (usually seven years).
      </p>

      <h3 id="deleting-your-account">Deleting your account</h3>
      <p>
        &ldquo;Delete my account&rdquo; in your account removes your account, watchlist, alerts, trial, newsletter and
        e-book signups and the copies of emails we sent you, at once. Three things stay: payment records (with your email
        replaced, as tax law requires), the fact that an address unsubscribed (so it never gets marketing email again),
        and, if the account had a free trial, a <strong>one-way keyed hash of your email address</strong>. The hash is
        not your address and cannot be turned back into it; we keep it only so that the same address cannot start a
        second free trial after deleting its account. We keep it for as long as we offer free trials. It is an
        HMAC-SHA256 under a secret key kept apart from the database, so even a copy of the database does not show which
        addresses once had an account.
      </p>

      <h2>Your choices</h2>
      <ul>
        <li>
          <strong>Marketing email is off</strong> unless you turn it on. Unsubscribe again with the link at the bottom
          of every such message, in your account&rsquo;s email preferences, or by writing to us.
        </li>
        <li>
          <strong>Stop alert emails</strong>, the digest or SMS in your account&rsquo;s email preferences, on a free
          trial too; your alerts stay listed in your account.
        </li>
        <li>
          <strong>Cancel</strong> a paid plan at any time; you are not billed again after cancelling. See our{" "}
          <Link href="/terms">Terms of Service</Link> for the 30-day money-back guarantee.
        </li>
        <li>
          <strong>See, correct or delete</strong> the information we hold about you: download or delete it yourself in
          your <Link href="/account">account</Link>, or email <a href={`mailto:${site.supportEmail}`}>{site.supportEmail}</a>{" "}
          and we will answer within 30 days.
        </li>
      </ul>

      <h2>Cookies</h2>
      <p>
        We use only the cookies needed to run the site: one that keeps you signed in (it cannot be read by the
        page&rsquo;s scripts), a second that says only &ldquo;signed in&rdquo;, with no name or address, so each page can
        show your account links, and one that keeps staff signed in. We do not use advertising or cross-site tracking
        cookies.
      </p>

      <h2>Contact</h2>
      <p>
        {site.operator}, {site.contactAddress.street}, {site.contactAddress.city}, {site.contactAddress.country}.
        Email: <a href={`mailto:${site.supportEmail}`}>{site.supportEmail}</a>.
      </p>
    </LegalPage>
  );
}
