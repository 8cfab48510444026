/**
 * The site's navigation, one list for every screen size: the desktop header shows
 * PRIMARY_LINKS and the trial button; the menu below the tablet breakpoint (and on the
 * slim inner-page header) shows the same links plus the account links (docs/experience.md,
 * "Navigation"). Change a link here and both change.
 */
import { MARKET_DASHBOARD_PATH } from "@/lib/accounts/paths";

export type NavLink = { readonly href: string; readonly label: string };

/**
 * The pages and landing sections of the header. Anchors work from any page. Market Alerts is
 * the public dashboard for everyone: with its `view=market` a subscriber gets the dashboard
 * too, not their own alerts (proxy.ts shows those at a bare /alerts).
 */
export const PRIMARY_LINKS: readonly NavLink[] = [
  { href: "/#features", label: "Features" },
  { href: "/#pricing", label: "Pricing" },
  { href: MARKET_DASHBOARD_PATH, label: "Market Alerts" },
  { href: "/tariffs-ebook", label: "E-book" },
  { href: "/#contact", label: "Contact" },
];

/** The header's call to action ("Free Trial" where a phone's header has no room for more). */
export const TRIAL_LINK = { href: "/free-trial", label: "Start Free Trial", shortLabel: "Free Trial" } as const satisfies NavLink & {
  shortLabel: string;
};

/**
 * Returning subscribers, for a visitor without the signed-in hint: /sign-in sends a signed-in
 * visitor on to the watchlist, and /account sends a visitor without a session to /sign-in
 * (proxy.ts), so each link works whoever follows it.
 */
export const SIGN_IN_LINK: NavLink = { href: "/sign-in", label: "Sign in" };
export const ACCOUNT_LINK: NavLink = { href: "/account", label: "Account" };
export const ACCOUNT_LINKS: readonly NavLink[] = [SIGN_IN_LINK, ACCOUNT_LINK];

/**
 * A signed-in subscriber's pages, in the header of every page once the browser holds the
 * signed-in hint (components/site/use-signed-in.ts) and in the subscriber pages' own header;
 * Sign out follows them. docs/experience.md, "Navigation".
 */
export const WATCHLIST_LINK: NavLink = { href: "/watchlist", label: "Watchlist" };
export const SUBSCRIBER_LINKS: readonly NavLink[] = [
  WATCHLIST_LINK,
  { href: "/alerts/mine", label: "Alerts" },
  ACCOUNT_LINK,
];

/** The id of the menu sheet, which the menu button names in aria-controls while it is open. */
export const MENU_SHEET_ID = "site-menu";
