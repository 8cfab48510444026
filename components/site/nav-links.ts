/**
 * The site's navigation, one list for every screen size: the desktop header shows
 * PRIMARY_LINKS and the trial button; the menu below the tablet breakpoint (and on the
 * slim inner-page header) shows the same links plus the account links (docs/experience.md,
 * "Navigation"). Change a link here and both change.
 */
export type NavLink = { readonly href: string; readonly label: string };

/** The pages and landing sections of the header. Anchors work from any page. */
export const PRIMARY_LINKS: readonly NavLink[] = [
  { href: "/#features", label: "Features" },
  { href: "/#pricing", label: "Pricing" },
  { href: "/alerts", label: "Market Alerts" },
  { href: "/tariffs-ebook", label: "E-book" },
  { href: "/#contact", label: "Contact" },
];

/** The header's call to action ("Free Trial" where a phone's header has no room for more). */
export const TRIAL_LINK = { href: "/free-trial", label: "Start Free Trial", shortLabel: "Free Trial" } as const satisfies NavLink & {
  shortLabel: string;
};

/**
 * Returning subscribers. A prerendered header cannot know the session, so both are shown:
 * /sign-in sends a signed-in visitor on to /account, and /account sends a visitor without
 * a session to /sign-in (proxy.ts), so each link works whoever follows it.
 */
export const SIGN_IN_LINK: NavLink = { href: "/sign-in", label: "Sign in" };
export const ACCOUNT_LINK: NavLink = { href: "/account", label: "Account" };
export const ACCOUNT_LINKS: readonly NavLink[] = [SIGN_IN_LINK, ACCOUNT_LINK];

/** The id of the menu sheet, which the menu button names in aria-controls while it is open. */
export const MENU_SHEET_ID = "site-menu";
