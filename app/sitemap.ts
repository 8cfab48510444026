import type { MetadataRoute } from "next";
import { SITEMAP_PAGES } from "@/lib/public-pages.mjs";
import { siteUrl } from "@/lib/seo";

export default function sitemap(): MetadataRoute.Sitemap {
  return SITEMAP_PAGES.map((page) => ({
    url: siteUrl(page.path),
    changeFrequency: page.changeFrequency,
    priority: page.priority,
  }));
}
