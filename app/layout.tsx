import type { Metadata, Viewport } from "next";
import { ToastHost } from "@/components/ui/toast-host";
import { site } from "@/lib/site";
import { siteUrl } from "@/lib/seo";
import { MARK_JS } from "@/lib/http/csp.mjs";
import "./globals.css";

export const metadata: Metadata = {
  metadataBase: new URL(siteUrl()),
  title: { default: `${site.name}: tariff price alerts and lower-tariff sources`, template: `%s | ${site.name}` },
  description: site.description,
  applicationName: site.name,
};

export const viewport: Viewport = { themeColor: "#0b1b3f", width: "device-width", initialScale: 1 };

// MARK_JS marks that JavaScript runs, so scroll-reveal may hide sections until they are
// seen; without JavaScript every section simply shows. It lives in lib/http/csp.mjs, whose
// nonce policy allows exactly this script by its hash.

export default function RootLayout({ children }: Readonly<{ children: React.ReactNode }>) {
  return (
    <html lang="en" suppressHydrationWarning>
      <head>
        <script dangerouslySetInnerHTML={{ __html: MARK_JS }} />
      </head>
      <body className="min-h-screen antialiased">
        {children}
        <ToastHost />
      </body>
    </html>
  );
}
