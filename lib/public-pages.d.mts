// Types of lib/public-pages.mjs (plain JavaScript so the bench loads it).
export type PublicPage = { path: string; changeFrequency: "daily" | "weekly" | "monthly" | "yearly"; priority: number };
export const PUBLIC_PAGES: readonly PublicPage[];
export const SERVER_RENDERED_PAGES: readonly PublicPage[];
export const SITEMAP_PAGES: readonly PublicPage[];
export const PRICING_REDIRECT: string;
export const VISITOR_PAGES: readonly string[];
export const CRAWLER_DISALLOWED: readonly string[];
