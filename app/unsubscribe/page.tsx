import type { Metadata } from "next";
import Link from "next/link";
import { MailX } from "lucide-react";
import { BackHeader } from "@/components/site/back-header";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader } from "@/components/ui/card";
import { getDb } from "@/lib/db";
import { isSuppressed, verifyUnsubscribeToken } from "@/lib/email/unsubscribe";
import { getSecret } from "@/lib/secrets";
import { pageMetadata } from "@/lib/seo";
import { site } from "@/lib/site";
import type { SearchParams } from "@/lib/http/search-params";

export const metadata: Metadata = pageMetadata({
  title: "Unsubscribe",
  description: "Stop TariffWatch marketing email.",
  path: "/unsubscribe",
  noIndex: true,
});

export const dynamic = "force-dynamic";

/**
 * GET /unsubscribe?token=...: the page behind the "Unsubscribe" link in our marketing
 * mail. Opening it changes nothing (link scanners open links too); one click on its
 * button unsubscribes (a plain form POST to /api/unsubscribe, which works without
 * JavaScript and comes back here). The page shows the address's current state.
 */
export default async function UnsubscribePage({ searchParams }: { searchParams: SearchParams }) {
  const params = await searchParams;
  const token = typeof params.token === "string" ? params.token : null;
  const email = verifyUnsubscribeToken(token, getSecret("unsubscribe"));
  const done = email ? await isSuppressed(getDb(), email) : false;

  return (
    <>
      <BackHeader />
      <main id="main" className="mx-auto grid max-w-xl gap-6 px-4 py-12 sm:px-6">
        <Card>
          <CardHeader>
            <MailX aria-hidden className="size-8 text-primary" />
            <h1 className="text-2xl font-bold text-brand-navy">
              {!email ? "This unsubscribe link is not valid" : done ? "You are unsubscribed" : "Unsubscribe from TariffWatch email"}
            </h1>
            {email ? (
              <CardDescription data-testid="unsubscribe-email">{email}</CardDescription>
            ) : null}
          </CardHeader>
          <CardContent className="grid gap-4 text-slate-700">
            {!email ? (
              <p>
                The link may have been cut off by your email program. Use the Unsubscribe link at the bottom of your most
                recent TariffWatch email, or write to{" "}
                <a className="underline" href={`mailto:${site.supportEmail}`}>
                  {site.supportEmail}
                </a>{" "}
                and we will remove you.
              </p>
            ) : done ? (
              <>
                <p role="status">
                  This address gets no more newsletters, trial reminders or other marketing email from {site.name}.
                  Receipts and access links for purchases still arrive.
                </p>
                <p>
                  Changed your mind? <Link className="underline" href="/">Subscribe again</Link> from the home page at any time.
                </p>
              </>
            ) : (
              <>
                <p>
                  You will get no more newsletters, trial reminders or other marketing email from {site.name} at this
                  address. Receipts and access links for purchases still arrive.
                </p>
                <form method="post" action={`/api/unsubscribe?token=${encodeURIComponent(token ?? "")}`}>
                  <input type="hidden" name="List-Unsubscribe" value="One-Click" />
                  <Button type="submit" data-testid="unsubscribe-confirm">
                    Unsubscribe
                  </Button>
                </form>
              </>
            )}
          </CardContent>
        </Card>
      </main>
    </>
  );
}
