import { site } from "@/lib/site";
import { siteUrl } from "@/lib/seo";

/**
 * /pricing, kept for old links: says "Redirecting to pricing..." and sends the visitor to the
 * pricing section of the landing page with a meta refresh (no JavaScript needed), with a link
 * as the manual fallback; `noindex`, the landing page as canonical (docs/decisions.md).
 *
 * A plain HTML document written at build time, not a React page: a browser follows a meta
 * refresh only once the page has completely loaded, and as a React page it first downloaded
 * the framework's 148 kB of scripts just to leave (docs/performance.md, "/pricing").
 */
export const dynamic = "force-static";

const TARGET = "/#pricing";

export function GET(): Response {
  const html = `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="refresh" content="0;url=${TARGET}">
<meta name="robots" content="noindex, nofollow">
<title>Pricing | ${site.name}</title>
<meta name="description" content="${site.name} plans and prices.">
<link rel="canonical" href="${siteUrl("/")}">
<link rel="icon" href="/icon.svg" type="image/svg+xml">
</head>
<body>
<main id="main">
<p role="status">Redirecting to pricing...</p>
<p>If nothing happens, <a href="${TARGET}">go to our plans and prices</a>.</p>
</main>
</body>
</html>
`;
  return new Response(html, { headers: { "Content-Type": "text/html; charset=utf-8" } });
}
