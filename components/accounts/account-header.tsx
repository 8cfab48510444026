import Link from "next/link";
import { ShieldAlert } from "lucide-react";
import { SubscriberNav } from "@/components/site/subscriber-nav";
import { MARKET_DASHBOARD_PATH } from "@/lib/accounts/paths";
import { site } from "@/lib/site";
import { SignOutButton } from "./sign-out-button";

/**
 * The header of subscriber pages: product name, the subscriber's pages (Watchlist, Alerts,
 * Account: the same list the site header shows a signed-in browser), the public market
 * dashboard, who is signed in, and Sign out. On a phone the pages are a second row.
 */
export function AccountHeader({ email }: { email: string }) {
  return (
    <header className="border-b bg-white">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:left-4 focus:top-2 focus:z-50 focus:rounded-md focus:bg-white focus:px-3 focus:py-2"
      >
        Skip to content
      </a>
      <nav aria-label="Main" className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-x-4 gap-y-1 px-4 py-3 sm:px-6">
        <Link href="/" className="flex min-h-10 items-center gap-2 text-lg font-bold text-brand-navy">
          <ShieldAlert aria-hidden className="size-6 text-primary" />
          {site.name}
        </Link>
        <div className="order-last -mx-2 flex w-full flex-wrap items-center gap-x-1 md:order-none md:mx-0 md:w-auto">
          <SubscriberNav />
          <Link
            href={MARKET_DASHBOARD_PATH}
            className="inline-flex min-h-10 items-center rounded-md px-2 text-sm font-medium text-slate-700 hover:text-primary"
            data-testid="market-dashboard-link"
          >
            Market dashboard
          </Link>
        </div>
        <div className="flex items-center gap-3">
          <span className="hidden text-sm text-slate-700 lg:inline" data-testid="signed-in-as">
            Signed in as {email}
          </span>
          <SignOutButton />
        </div>
      </nav>
    </header>
  );
}
