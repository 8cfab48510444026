import Link from "next/link";
import { ShieldAlert } from "@/components/ui/icon";
import { Button } from "@/components/ui/button";
import { site } from "@/lib/site";

/** Top navigation shared by the public pages. Links to landing anchors work from any page. */
export function SiteHeader() {
  return (
    <header className="sticky top-0 z-40 border-b bg-white/95 backdrop-blur supports-[backdrop-filter]:bg-white/80">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:left-4 focus:top-2 focus:z-50 focus:rounded-md focus:bg-white focus:px-3 focus:py-2"
      >
        Skip to content
      </a>
      <nav aria-label="Main" className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-4 px-4 sm:px-6">
        <Link href="/" className="flex items-center gap-2 text-lg font-bold text-brand-navy">
          <ShieldAlert aria-hidden className="size-6 text-primary" />
          {site.name}
        </Link>
        <ul className="hidden items-center gap-6 text-sm font-medium text-slate-700 md:flex">
          <li><Link href="/#features" className="hover:text-primary">Features</Link></li>
          <li><Link href="/#pricing" className="hover:text-primary">Pricing</Link></li>
          <li><Link href="/alerts" className="hover:text-primary">Live Alerts</Link></li>
          <li><Link href="/tariffs-ebook" className="hover:text-primary">E-book</Link></li>
          <li><Link href="/#contact" className="hover:text-primary">Contact</Link></li>
        </ul>
        <Button asChild size="sm">
          <Link href="/free-trial">Start Free Trial</Link>
        </Button>
      </nav>
    </header>
  );
}
