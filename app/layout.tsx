import type { Metadata, Viewport } from "next";
import { ToastHost } from "@/components/ui/toast-host";
import { site } from "@/lib/site";
import { siteUrl } from "@/lib/seo";
import "./globals.css";

export const metadata: Metadata = {
  metadataBase: new URL(siteUrl()),
  title: { default: `${site.name}: tariff price alerts and cheaper alternatives`, template: `%s | ${site.name}` },
  description: site.description,
  applicationName: site.name,
};

export const viewport: Viewport = { themeColor: "#0b1b3f", width: "device-width", initialScale: 1 };

// Marks that JavaScript runs, so scroll-reveal may hide sections until they are seen.
// Without JavaScript every section simply shows.
const markJs = "document.documentElement.classList.add('js')";

export default function RootLayout({ children }: Readonly<{ children: React.ReactNode }>) {
  return (
    <html lang="en" suppressHydrationWarning>
      <head>
        <script dangerouslySetInnerHTML={{ __html: markJs }} />
      </head>
      <body className="min-h-screen antialiased">
        {children}
        <ToastHost />
      </body>
    </html>
  );
}
