import type { Metadata } from "next";
import Link from "next/link";
import { MARKET_DASHBOARD_PATH } from "@/lib/accounts/paths";
import { Info } from "lucide-react";
import { BackHeader } from "@/components/site/back-header";
import { Button } from "@/components/ui/button";
import { renderEmail } from "@/lib/email/templates";
import { pageMetadata, siteUrl } from "@/lib/seo";
import { site } from "@/lib/site";
import { formatTrialDate, trialEndDate } from "@/lib/trials/trials";

export const metadata: Metadata = pageMetadata({
  title: "Welcome email preview",
  description: "See the welcome email every TariffWatch free-trial member receives.",
  path: "/email-preview",
});

/** Rebuilt daily so the sample end date stays a week ahead. */
export const revalidate = 86400;

/**
 * The trial welcome email exactly as the email module sends it: the same React Email
 * template, rendered at build time with sample details, shown in a frame. Its links use
 * the configured SITE_URL. Whether an email provider is configured is the admin pages'
 * and the log's business, not the visitor's (docs/experience.md "404, /email-preview"). The frame's HTML
 * is our own template's output (no visitor input), so it needs no sandbox; the page's CSP
 * still applies to it.
 */
export default async function EmailPreviewPage() {
  const sampleStart = new Date();
  const email = await renderEmail({
    template: "trial-welcome",
    props: { firstName: "Alex", trialEndDate: formatTrialDate(trialEndDate(sampleStart)), siteUrl: siteUrl() },
  });

  return (
    <>
      <BackHeader />
      <main id="main" className="mx-auto grid max-w-4xl gap-8 px-4 py-10 sm:px-6">
        <div>
          <h1 className="text-3xl font-bold text-brand-navy">Welcome email preview</h1>
          <p className="mt-2 text-slate-700">
            This is the email a new free-trial member receives, shown with a sample name.
          </p>
        </div>
        <section aria-labelledby="email-heading" className="overflow-hidden rounded-lg border shadow-sm">
          <h2 id="email-heading" className="sr-only">
            The email
          </h2>
          <dl className="grid gap-1 border-b bg-muted px-5 py-4 text-sm">
            <div className="flex gap-2">
              <dt className="font-semibold">Subject:</dt>
              <dd data-testid="email-subject">{email.subject}</dd>
            </div>
            <div className="flex gap-2">
              <dt className="font-semibold">To:</dt>
              <dd>Alex (alex@example.com)</dd>
            </div>
          </dl>
          <iframe
            title="Trial welcome email"
            srcDoc={email.html}
            className="h-[720px] w-full bg-white"
            data-testid="email-frame"
          />
        </section>
        <aside className="flex gap-3 rounded-lg border border-blue-200 bg-blue-50 p-5 text-sm text-slate-800" aria-label="Delivery note">
          <Info aria-hidden className="mt-0.5 size-5 shrink-0 text-primary" />
          <p>
            <strong>Delivery note:</strong> the email goes to the address you give when you start the trial, usually within
            a minute. If it has not arrived after a few minutes, check your spam or promotions folder, or write to{" "}
            <a className="text-primary underline" href={`mailto:${site.supportEmail}`}>
              {site.supportEmail}
            </a>
            .
          </p>
        </aside>
        <div className="flex flex-wrap gap-3">
          <Button asChild>
            <Link href="/demo">Watch the Demo</Link>
          </Button>
          <Button asChild variant="outline">
            <Link href={MARKET_DASHBOARD_PATH}>View Market Alerts</Link>
          </Button>
        </div>
      </main>
    </>
  );
}
