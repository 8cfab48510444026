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
  const fullTitle = title ? `${title} | ${site.name}` : `${site.name}: tariff price alerts and lower-tariff sources`;
  // A page's openGraph replaces its parent's, so the generated image is named here.
  const image = { url: "/opengraph-image", width: 1200, height: 630, alt: `${site.name}: tariff price alerts and lower-tariff sources` };
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
      images: [image],
    },
    twitter: { card: "summary_large_image", title: fullTitle, description, images: [image.url] },
    robots: noIndex ? { index: false, follow: false } : undefined,
  };
}
