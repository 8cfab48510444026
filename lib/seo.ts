import "server-only";
import type { Metadata } from "next";
import { getEnv } from "@/lib/env";
import { site } from "@/lib/site";

/**
 * Per-page metadata from one site config: title, description, canonical URL, Open Graph
 * and Twitter tags. Every public page builds its `metadata` with this.
 */
export function siteUrl(path = "/"): string {
  return `${getEnv().SITE_URL}${path === "/" ? "" : path}`;
}

export function pageMetadata({
  title,
  description,
  path,
  noIndex = false,
}: {
  /** Page title without the site name (the layout's template adds " | TariffWatch"). Omit for the home page. */
  title?: string;
  description: string;
  path: string;
  noIndex?: boolean;
}): Metadata {
  const fullTitle = title ? `${title} | ${site.name}` : `${site.name}: tariff price alerts and cheaper alternatives`;
  return {
    title: title ?? { absolute: fullTitle },
    description,
    alternates: { canonical: path },
    openGraph: {
      type: "website",
      siteName: site.name,
      title: fullTitle,
      description,
      url: path,
      locale: "en_US",
    },
    twitter: { card: "summary_large_image", title: fullTitle, description },
    robots: noIndex ? { index: false, follow: false } : undefined,
  };
}
