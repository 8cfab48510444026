import type { MetadataRoute } from "next";
import { CRAWLER_DISALLOWED } from "@/lib/public-pages.mjs";
import { siteUrl } from "@/lib/seo";

/** "/checkout" also covers every /checkout-* page (robots rules are path prefixes). */
export default function robots(): MetadataRoute.Robots {
  return {
    rules: { userAgent: "*", allow: "/", disallow: [...CRAWLER_DISALLOWED] },
    sitemap: siteUrl("/sitemap.xml"),
  };
}
