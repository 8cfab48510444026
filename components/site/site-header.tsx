import Link from "next/link";
import { ShieldAlert } from "@/components/ui/icon";
import { site } from "@/lib/site";
import { HeaderAccount } from "./header-account";
import { PRIMARY_LINKS } from "./nav-links";

/**
 * Top navigation shared by the public pages. Links to landing anchors work from any page.
 * From the tablet breakpoint (md) the links are in the header; below it the menu button
 * opens them, with Sign in and Account (components/site/nav-links.ts, one list for both).
 * A server component: only its right end (./header-account.tsx: Sign in and the trial, or a
 * signed-in subscriber's links from the signed-in hint) and the menu button are client code,
 * so the header, and every page it is on, stays prerendered.
 * Opaque white, not translucent over a backdrop blur: the blur is redrawn on every frame the
 * page scrolls under the sticky header, costly on a phone, and it slowed the first paint
 * (docs/performance.md "The header without a backdrop blur").
 */
export function SiteHeader() {
  return (
    <header data-site-header className="sticky top-0 z-40 border-b bg-white">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:left-4 focus:top-2 focus:z-50 focus:rounded-md focus:bg-white focus:px-3 focus:py-2"
      >
        Skip to content
      </a>
      <nav aria-label="Main" className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-3 px-4 sm:px-6">
        <Link href="/" className="flex min-h-10 items-center gap-2 text-lg font-bold text-brand-navy">
          <ShieldAlert aria-hidden className="size-6 text-primary" />
          {site.name}
        </Link>
        <ul className="hidden items-center gap-1 text-sm font-medium text-slate-700 md:flex lg:gap-3" data-testid="header-links">
          {PRIMARY_LINKS.map((link) => (
            <li key={link.href}>
              <Link href={link.href} className="inline-flex min-h-10 items-center rounded-md px-2 hover:text-primary">
                {link.label}
              </Link>
            </li>
          ))}
        </ul>
        <HeaderAccount />
      </nav>
    </header>
  );
}
