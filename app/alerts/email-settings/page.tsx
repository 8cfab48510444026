import type { Metadata } from "next";
import Link from "next/link";
import { Button } from "@/components/ui/button";
import { verifyAlertOptOutToken } from "@/lib/alerts/optout";
import { getSecret } from "@/lib/secrets";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Alert email settings", robots: { index: false, follow: false } };

const WHAT = { alerts: "instant tariff alert emails", digest: "the daily or weekly alert digest", sms: "SMS alerts" } as const;

/**
 * /alerts/email-settings?token=...: the page behind the link in every alert email and digest.
 * A GET changes nothing (link scanners open it); the button POSTs to
 * /api/alerts/unsubscribe, which switches the kind off and comes back here with done=1.
 */
export default async function AlertUnsubscribePage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const params = await searchParams;
  const token = typeof params.token === "string" ? params.token : null;
  const verified = verifyAlertOptOutToken(token, getSecret("unsubscribe"));
  const done = params.done === "1";
  return (
    <main id="main" className="mx-auto grid max-w-xl gap-4 px-4 py-16 sm:px-6">
      <h1 className="text-2xl font-bold text-brand-navy">Alert email settings</h1>
      {!verified ? (
        <p role="alert" className="text-slate-700">
          This link is not valid. Use the link from your most recent alert email, or change your settings in{" "}
          <Link href="/account" className="underline">
            your account
          </Link>
          .
        </p>
      ) : done ? (
        <p role="status" className="text-slate-700">
          Done: {WHAT[verified.kind]} are switched off for {verified.email}. Your alerts are still written and shown on{" "}
          <Link href="/alerts/mine" className="underline">
            your alerts page
          </Link>
          ; switch them back on in{" "}
          <Link href="/account" className="underline">
            your account
          </Link>
          .
        </p>
      ) : (
        <form method="post" action={`/api/alerts/unsubscribe?token=${encodeURIComponent(token ?? "")}`} className="grid gap-4">
          <p className="text-slate-700">
            Switch off {WHAT[verified.kind]} for <strong>{verified.email}</strong>? Your watchlist and alerts page stay as they are.
          </p>
          <div>
            <Button type="submit">Switch off</Button>
          </div>
        </form>
      )}
    </main>
  );
}
