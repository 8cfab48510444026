// Types of lib/public-pages.mjs (plain JavaScript so next.config.mjs and the bench load it).
export type PublicPage = { path: string; changeFrequency: "daily" | "weekly" | "monthly" | "yearly"; priority: number };
export const PUBLIC_PAGES: readonly PublicPage[];
export const PRICING_REDIRECT: string;
export const VISITOR_PAGES: readonly string[];
export const CRAWLER_DISALLOWED: readonly string[];
