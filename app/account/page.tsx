import type { Metadata } from "next";
import { AccountHeader } from "@/components/accounts/account-header";
import { requireSubscriberPage } from "@/lib/accounts/page-guard";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Your account", robots: { index: false, follow: false } };

/**
 * A placeholder for the account page (issue 11): who is signed in and their plan. The
 * full page (billing, watchlist, preferences) replaces this one.
 */
export default async function AccountPage() {
  const { subscriber, access } = await requireSubscriberPage("/account");
  return (
    <>
      <AccountHeader email={subscriber.email} />
      <main id="main" className="mx-auto grid max-w-4xl gap-4 px-4 py-10 sm:px-6">
        <h1 className="text-3xl font-bold text-brand-navy">Your account</h1>
        <p className="text-slate-700" data-testid="account-email">
          Signed in as <strong>{subscriber.email}</strong>.
        </p>
        <p className="text-slate-700" data-testid="account-status">
          Status: {access.status}
          {access.trialDaysLeft !== null ? `, ${access.trialDaysLeft} days left in your trial` : ""}.
        </p>
      </main>
    </>
  );
}
