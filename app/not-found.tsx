import type { Metadata } from "next";
import Link from "next/link";
import { Compass } from "lucide-react";
import { Button } from "@/components/ui/button";
import { BackHeader } from "@/components/site/back-header";
import { MARKET_DASHBOARD_PATH } from "@/lib/accounts/paths";
import { site } from "@/lib/site";

export const metadata: Metadata = { title: "Page Not Found", robots: { index: false } };

/** Where visitors most often want to go (docs/experience.md "404, /email-preview"). */
const POPULAR = [
  { href: MARKET_DASHBOARD_PATH, label: "Economic dashboard and price alerts" },
  { href: "/calculator", label: "Tariff savings calculator" },
  { href: "/tariffs-ebook", label: "The Tariff Survival Guide (e-book)" },
  { href: "/free-trial", label: "Start the free trial" },
  { href: "/#pricing", label: "Plans and prices" },
  { href: "/#faq", label: "Questions and answers" },
] as const;

/** Unknown routes: 'Page Not Found' with HTTP status 404, and the pages people usually look for. */
export default function NotFound() {
  return (
    <>
      <BackHeader />
      <main id="main" className="mx-auto flex min-h-[60vh] max-w-xl flex-col items-center justify-center gap-5 px-4 py-16 text-center">
        <Compass aria-hidden className="size-14 text-primary" />
        <p className="text-sm font-semibold uppercase tracking-wide text-primary">Error 404</p>
        <h1 className="text-3xl font-bold text-brand-navy">Page Not Found</h1>
        <p className="text-slate-700">
          We could not find the page you asked for. If you typed the address, check it for typos; if you followed a link,
          the page may have moved. These are the pages people look for most:
        </p>
        <nav aria-label="Popular pages" className="w-full">
          <ul className="grid gap-2 text-left sm:grid-cols-2" data-testid="not-found-links">
            {POPULAR.map((p) => (
              <li key={p.href}>
                <Link
                  href={p.href}
                  className="flex min-h-11 items-center rounded-md border border-slate-200 bg-white px-3 py-2 text-sm font-medium text-primary underline-offset-2 hover:underline"
                >
                  {p.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <Button asChild size="lg">
          <Link href="/">Go to the home page</Link>
        </Button>
        <p className="text-sm text-slate-600">
          Still stuck? Write to{" "}
          <a className="text-primary underline" href={`mailto:${site.supportEmail}`}>
            {site.supportEmail}
          </a>
          .
        </p>
      </main>
    </>
  );
}
