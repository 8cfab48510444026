// The public pages, in one place. Plain JavaScript (like lib/http/csp.mjs) so that the bench
// (scripts/bench.mjs, which measures every one) reads the same list as the sitemap, without a
// compiler. Types: public-pages.d.mts.

/** The public pages search engines may list (sitemap.xml). Each is prerendered. */
export const PUBLIC_PAGES = [
  { path: "/", changeFrequency: "weekly", priority: 1 },
  { path: "/alerts", changeFrequency: "daily", priority: 0.9 },
  { path: "/examples", changeFrequency: "monthly", priority: 0.5 },
  { path: "/free-trial", changeFrequency: "monthly", priority: 0.9 },
  { path: "/calculator", changeFrequency: "monthly", priority: 0.8 },
  { path: "/demo", changeFrequency: "monthly", priority: 0.7 },
  { path: "/testimonials", changeFrequency: "monthly", priority: 0.6 },
  { path: "/tariffs-ebook", changeFrequency: "monthly", priority: 0.8 },
  { path: "/email-preview", changeFrequency: "yearly", priority: 0.3 },
  { path: "/privacy", changeFrequency: "yearly", priority: 0.2 },
  { path: "/terms", changeFrequency: "yearly", priority: 0.2 },
];

/**
 * Public pages rendered per request, listed for search engines too but not prerendered (so
 * not in VISITOR_PAGES, which the bench loads as static pages): /duty answers the question
 * in its address (docs/tariffs.md "Duty lookup").
 */
export const SERVER_RENDERED_PAGES = [{ path: "/duty", changeFrequency: "weekly", priority: 0.8 }];

/** Every page sitemap.xml lists: the prerendered public pages and the server-rendered ones. */
export const SITEMAP_PAGES = [...PUBLIC_PAGES, ...SERVER_RENDERED_PAGES];

/**
 * /pricing: a public, prerendered document kept for old links that sends the visitor on to
 * /#pricing (app/pricing/route.ts). Not listed for search engines (noindex).
 */
export const PRICING_REDIRECT = "/pricing";

/** Every public path a visitor loads, in the order the bench reports them: the listed pages and /pricing. */
export const VISITOR_PAGES = [...PUBLIC_PAGES.map((p) => p.path), PRICING_REDIRECT];

/** The paths search engines must not crawl (robots.txt): the staff side, diagnostics, checkouts and API calls. */
export const CRAWLER_DISALLOWED = ["/admin", "/api/", "/checkout", "/payment-success", "/multimedia-test", "/test-fixes"];
