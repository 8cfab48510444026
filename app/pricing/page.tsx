import type { Metadata } from "next";
import Link from "next/link";
import { pageMetadata } from "@/lib/seo";

export const metadata: Metadata = {
  ...pageMetadata({ title: "Pricing", description: "TariffWatch plans and prices.", path: "/pricing", noIndex: true }),
  alternates: { canonical: "/" },
};

/**
 * /pricing sends visitors to the pricing section of the landing page. A meta refresh
 * does it without JavaScript (React hoists the <meta> into the head); the link is the
 * manual fallback.
 */
export default function PricingRedirect() {
  return (
    <main id="main" className="flex min-h-screen flex-col items-center justify-center gap-4 px-4 text-center">
      <meta httpEquiv="refresh" content="0;url=/#pricing" />
      <p className="text-lg font-semibold text-brand-navy" role="status">
        Redirecting to pricing...
      </p>
      <p className="text-slate-700">
        If nothing happens, <Link href="/#pricing" className="font-medium text-primary underline underline-offset-4">go to our plans and prices</Link>.
      </p>
    </main>
  );
}
