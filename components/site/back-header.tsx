import Link from "next/link";
import { ArrowLeft, ShieldAlert } from "@/components/ui/icon";
import { site } from "@/lib/site";

/**
 * The slim header of inner pages (calculator, testimonials, demo, checkouts...): the
 * product name and a Back link.
 */
export function BackHeader({ backHref = "/", backLabel = "Back" }: { backHref?: string; backLabel?: string }) {
  return (
    <header className="border-b bg-white">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:left-4 focus:top-2 focus:z-50 focus:rounded-md focus:bg-white focus:px-3 focus:py-2"
      >
        Skip to content
      </a>
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-4 px-4 sm:px-6">
        <Link href={backHref} className="inline-flex items-center gap-2 text-sm font-medium text-slate-700 hover:text-primary">
          <ArrowLeft aria-hidden className="size-4" />
          {backLabel}
        </Link>
        <Link href="/" className="flex items-center gap-2 text-lg font-bold text-brand-navy">
          <ShieldAlert aria-hidden className="size-6 text-primary" />
          {site.name}
        </Link>
      </div>
    </header>
  );
}
