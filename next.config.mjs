/**
 * Next.js configuration. Security headers are set here so they reach every response:
 * prerendered pages, API routes, static files and the 404 page.
 */
import path from "node:path";
import { PHASE_PRODUCTION_BUILD } from "next/constants.js";
import { asciiPrerendered } from "./scripts/ascii-html.mjs";
import { API_POLICY, contentSecurityPolicy, NONCE_PAGE_FALLBACK_POLICY, NONCE_PAGES_ALTERNATION } from "./lib/http/csp.mjs";
import { VISITOR_PAGES } from "./lib/public-pages.mjs";

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

/** A visitor page's path as a pattern the page rule leaves out ("/" is the empty path). */
const exactPattern = (page) => (page === "/" ? "$" : `${page.slice(1).replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}/?$`);

/** @type {import('next').NextConfig} */
const nextConfig = {
  // NEXT_DIST_DIR lets two builds sit side by side on one machine (default .next).
  distDir: process.env.NEXT_DIST_DIR || ".next",
  poweredByHeader: false,
  // `npm test` type-checks with tsc right after the build, over the same tsconfig.json, and
  // fails on any error there; NEXT_BUILD_SKIP_TYPECHECK=1 (set by scripts/test.mjs only) spares
  // the build the same check (docs/performance.md "CI time"). Every other build checks types.
  typescript: { ignoreBuildErrors: process.env.NEXT_BUILD_SKIP_TYPECHECK === "1" },
  // BENCH_SOURCE_MAPS=1 builds browser source maps for scripts/bench/cpu-by-source.mjs, a
  // diagnostic (docs/performance.md); never in a build that serves visitors.
  productionBrowserSourceMaps: process.env.BENCH_SOURCE_MAPS === "1",
  // No ETag on pages: Next hashes the whole HTML of a prerendered page in JavaScript on every
  // request to make one (FNV-1a over 100-125 kB, about 0.3 ms a request: a quarter of the
  // server's busy time under load, docs/performance.md "Pages without ETags"). The answers
  // whose ETag saves work set their own (GET /api/economic/dashboard, lib/economy/view-route.ts).
  generateEtags: false,
  // The request guard sees each request as it came: the client router's requests keep their
  // RSC headers and _rsc parameter (Next strips them by default), so proxy.ts never answers
  // one from the signed-in answer cache with a page's HTML (lib/http/answer-cache.ts).
  skipProxyUrlNormalize: true,
  reactStrictMode: true,
  // PGlite ships its WebAssembly and data files beside its code: load it from node_modules.
  serverExternalPackages: ["@electric-sql/pglite", "pglite-prisma-adapter", "@prisma/schema-engine-wasm"],
  async headers() {
    return [
      // Pages and files: the page policy. The API routes: API_POLICY (lib/http/csp.mjs), which
      // forbids everything and, having no colon, is not compiled per request. A path gets one
      // rule or the other, so its header is never written twice.
      //
      // The public pages (lib/public-pages.mjs) get theirs from a rule of their own exact path,
      // which the first rule leaves out: Next compiles every header value that contains a colon
      // with path-to-regexp on every request whose rule has a parameter, and the page policy
      // has 18 colons (6% of the server's busy time on /pricing, docs/performance.md "The page
      // policy without a compile"). An exact path has no parameter. Same headers either way.
      //
      // The pages rendered per request with a nonce policy from proxy.ts (NONCE_PAGES) get, from
      // a rule of their own, a fallback policy without a colon, which the proxy replaces on each
      // of their responses (lib/http/csp.mjs NONCE_PAGE_FALLBACK_POLICY; their paths have
      // parameters, /watchlist/<id>, so an exact-path rule cannot serve).
      { source: `/:path((?!api(?:/|$)|${VISITOR_PAGES.map(exactPattern).join("|")}|(?:${NONCE_PAGES_ALTERNATION})/?$).*)`, headers: securityHeaders(csp) },
      ...VISITOR_PAGES.map((source) => ({ source, headers: securityHeaders(csp) })),
      { source: `/:page(${NONCE_PAGES_ALTERNATION})`, headers: securityHeaders(NONCE_PAGE_FALLBACK_POLICY) },
      { source: "/api/:path*", headers: securityHeaders(API_POLICY) },
      ...walletPages.map((source) => ({ source, headers: [{ key: "Cross-Origin-Opener-Policy", value: "same-origin-allow-popups" }] })),
    ];
  },
};

/**
 * At the end of every production build (the build's own process, not its workers), the
 * prerendered pages are rewritten to ASCII-only bytes: scripts/ascii-html.mjs,
 * docs/performance.md. Whatever runs `next build` (npm test, npm run app, the bench, CI)
 * gets it.
 */
export default function config(phase) {
  if (phase === PHASE_PRODUCTION_BUILD && process.env.IS_NEXT_WORKER !== "true" && process.env.NEXT_IS_EXPORT_WORKER !== "true") {
    process.once("exit", () => asciiPrerendered(path.resolve(nextConfig.distDir)));
  }
  return nextConfig;
}
