/**
 * Next.js configuration. Security headers are set here so they reach every response:
 * prerendered pages, API routes, static files and the 404 page.
 */
import { API_POLICY, contentSecurityPolicy } from "./lib/http/csp.mjs";

const isDev = process.env.NODE_ENV === "development";

/**
 * The static Content-Security-Policy (lib/http/csp.mjs): every response but the API's gets it. Prerendered
 * pages need its script-src 'unsafe-inline' for Next's inline bootstrap scripts; the pages
 * rendered per request get a per-request nonce policy from proxy.ts instead, which replaces
 * this header (a proxy's response header wins over headers()). docs/security.md.
 */
const csp = contentSecurityPolicy({ dev: isDev });

/** The headers every response gets, with its Content-Security-Policy first. */
const securityHeaders = (policy) => [
  { key: "Content-Security-Policy", value: policy },
  { key: "X-Content-Type-Options", value: "nosniff" },
  { key: "Referrer-Policy", value: "strict-origin-when-cross-origin" },
  { key: "X-Frame-Options", value: "DENY" },
  { key: "Permissions-Policy", value: "camera=(), microphone=(), geolocation=(), browsing-topics=(), payment=(self)" },
  { key: "Cross-Origin-Opener-Policy", value: "same-origin" },
  ...(isDev ? [] : [{ key: "Strict-Transport-Security", value: "max-age=63072000; includeSubDomains; preload" }]),
];

/**
 * The pages where the PayPal wallet runs open PayPal's popup, which talks back through
 * window.opener: there the Cross-Origin-Opener-Policy is same-origin-allow-popups
 * (same-origin would cut the popup off). Everywhere else it stays same-origin. A later
 * rule for the same header wins (Next.js headers()).
 */
const walletPages = ["/checkout-paypal-primary", "/checkout-professional-paypal", "/checkout-enhanced"];

/** @type {import('next').NextConfig} */
const nextConfig = {
  // NEXT_DIST_DIR lets two builds sit side by side on one machine (default .next).
  distDir: process.env.NEXT_DIST_DIR || ".next",
  poweredByHeader: false,
  // `npm test` type-checks with tsc right after the build, over the same tsconfig.json, and
  // fails on any error there; NEXT_BUILD_SKIP_TYPECHECK=1 (set by scripts/test.mjs, and by
  // scripts/app.mjs and the bench, which build code `npm test` checks) spares the build the same
  // check (docs/performance.md "CI time", "Start time"). A plain `next build` checks types.
  typescript: { ignoreBuildErrors: process.env.NEXT_BUILD_SKIP_TYPECHECK === "1" },
  // BENCH_SOURCE_MAPS=1 builds browser source maps for scripts/bench/cpu-by-source.mjs, a
  // diagnostic (docs/performance.md); never in a build that serves visitors.
  productionBrowserSourceMaps: process.env.BENCH_SOURCE_MAPS === "1",
  // No ETag on pages: Next hashes the whole HTML of a prerendered page in JavaScript on every
  // request to make one (FNV-1a over 100-125 kB, about 0.3 ms a request: a quarter of the
  // server's busy time under load, docs/performance.md "Pages without ETags"). The answers
  // whose ETag saves work set their own (GET /api/economic/dashboard, lib/economy/view-route.ts).
  generateEtags: false,
  // Each route's code is loaded on its first request, not every route's at start (Next's
  // default): a server that never serves the landing page never holds its tariff tables
  // (docs/performance.md, "Memory: what the server holds").
  // Turbopack keeps a cache of its build in .next/cache (264 MB) so that the next build starts
  // warm: `npm run app` and `npm test` on the same clone build again in ~16 s instead of ~45 s.
  // CI builds each fresh clone once and never reads it, so there the cache is not written (a
  // cold build 43-46 s instead of 51-58 s, 20 s less CPU: docs/performance.md, "CI time").
  experimental: { preloadEntriesOnStart: false, turbopackFileSystemCacheForBuild: process.env.CI !== "true" },
  reactStrictMode: true,
  // PGlite ships its WebAssembly and data files beside its code: load it from node_modules.
  serverExternalPackages: ["@electric-sql/pglite", "pglite-prisma-adapter", "@prisma/schema-engine-wasm"],
  async headers() {
    return [
      // Pages and files: the page policy. The API routes: API_POLICY (lib/http/csp.mjs), which
      // forbids everything. A path gets one rule or the other, so its header is never written twice.
      { source: "/:path((?!api(?:/|$)).*)", headers: securityHeaders(csp) },
      { source: "/api/:path*", headers: securityHeaders(API_POLICY) },
      ...walletPages.map((source) => ({ source, headers: [{ key: "Cross-Origin-Opener-Policy", value: "same-origin-allow-popups" }] })),
    ];
  },
};

export default nextConfig;
