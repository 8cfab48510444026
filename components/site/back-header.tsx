import Link from "next/link";
import { ArrowLeft, ShieldAlert } from "@/components/ui/icon";
import { site } from "@/lib/site";
import { MobileMenu } from "./mobile-menu";

/**
 * The slim header of inner pages (calculator, testimonials, demo, checkouts...): a Back
 * link, the product name, and the menu button, which opens the site's links (the same
 * list as the main header, components/site/nav-links.ts) at every screen size.
 */
export function BackHeader({ backHref = "/", backLabel = "Back" }: { backHref?: string; backLabel?: string }) {
  return (
    <header data-site-header className="border-b bg-white">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:left-4 focus:top-2 focus:z-50 focus:rounded-md focus:bg-white focus:px-3 focus:py-2"
      >
        Skip to content
      </a>
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-3 px-4 sm:px-6">
        <Link href={backHref} className="inline-flex min-h-10 items-center gap-2 rounded-md pr-2 text-sm font-medium text-slate-700 hover:text-primary">
          <ArrowLeft aria-hidden className="size-4" />
          {backLabel}
        </Link>
        <div className="flex items-center gap-3">
          <Link href="/" className="flex min-h-10 items-center gap-2 text-lg font-bold text-brand-navy">
            <ShieldAlert aria-hidden className="size-6 text-primary" />
            {/* Under 360 px the Back link and the menu button need the room: the icon stays, named. */}
            <span className="max-[22.5rem]:sr-only">{site.name}</span>
          </Link>
          <MobileMenu />
        </div>
      </div>
    </header>
  );
}
