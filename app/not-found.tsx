import type { Metadata } from "next";
import Link from "next/link";
import { Compass } from "lucide-react";
import { Button } from "@/components/ui/button";
import { BackHeader } from "@/components/site/back-header";

export const metadata: Metadata = { title: "Page Not Found", robots: { index: false } };

/** Unknown routes: 'Page Not Found' with HTTP status 404. */
export default function NotFound() {
  return (
    <>
      <BackHeader />
      <main id="main" className="mx-auto flex min-h-[60vh] max-w-xl flex-col items-center justify-center gap-5 px-4 py-16 text-center">
        <Compass aria-hidden className="size-14 text-primary" />
        <p className="text-sm font-semibold uppercase tracking-wide text-primary">Error 404</p>
        <h1 className="text-3xl font-bold text-brand-navy">Page Not Found</h1>
        <p className="text-slate-700">
          We could not find the page you asked for. If you typed the address, check it for typos. If you are building
          this site: did you forget to add the page to the router?
        </p>
        <Button asChild size="lg">
          <Link href="/">Go to the home page</Link>
        </Button>
      </main>
    </>
  );
}
