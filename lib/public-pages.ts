/**
 * The public pages search engines may list (sitemap.xml), and the paths they must not
 * crawl (robots.txt): the staff side, diagnostics, checkouts and API calls.
 */
export const PUBLIC_PAGES: readonly { path: string; changeFrequency: "daily" | "weekly" | "monthly" | "yearly"; priority: number }[] = [
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

export const CRAWLER_DISALLOWED: readonly string[] = [
  "/admin",
  "/api/",
  "/checkout",
  "/payment-success",
  "/multimedia-test",
  "/test-fixes",
];
