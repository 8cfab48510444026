// The Content-Security-Policy, built in one place (issue 14 item 12, docs/security.md
// "Content Security Policy"). Plain JavaScript so next.config.mjs (the static header every
// response gets) and proxy.ts (the per-request nonce policy of pages rendered per request)
// share it without a compiler; tests/unit/csp.test.ts covers it. No Node imports: the proxy
// and the root layout load it too.

/**
 * The root layout's one inline script (app/layout.tsx): it marks that JavaScript runs, so
 * scroll-reveal may hide sections until they are seen. Pages with a nonce policy allow it by
 * its hash (Next puts the nonce on its own scripts only, not on ours).
 */
export const MARK_JS = "document.documentElement.classList.add('js')";
/** sha256 of MARK_JS, base64 (tests/unit/csp.test.ts recomputes it). */
export const MARK_JS_HASH = "'sha256-Du+OJKJSbdUgz5nrHeWWINvez6XKDDU/tyj/5c2uvwo='";

/**
 * The exact hosts the payment providers need: Stripe.js and its frames (js.stripe.com,
 * hooks.stripe.com for 3-D Secure), the Stripe API, and PayPal's SDK, frames and API (live
 * and sandbox).
 */
const STRIPE_SCRIPT = "https://js.stripe.com";
const STRIPE_FRAMES = "https://js.stripe.com https://hooks.stripe.com";
const STRIPE_API = "https://api.stripe.com";
const PAYPAL = "https://www.paypal.com https://www.sandbox.paypal.com";
const PAYPAL_API = "https://api-m.paypal.com https://api-m.sandbox.paypal.com";

/** Everything but script-src: the same on every page. */
const OTHER_DIRECTIVES = [
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob: https://*.stripe.com https://www.paypalobjects.com",
  "font-src 'self' data:",
  `connect-src 'self' ${STRIPE_API} ${PAYPAL} ${PAYPAL_API}`,
  `frame-src ${STRIPE_FRAMES} ${PAYPAL}`,
  "media-src 'self' blob:",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
];

/**
 * The policy of the API routes (/api/...): they answer JSON, redirects and attachments, never
 * a page, so nothing may load or frame them. OWASP's advice for APIs. It has no colon on
 * purpose: Next compiles a header value that contains one with path-to-regexp on every
 * request (for :param substitution), which cost the JSON routes about 4% of their throughput
 * with the page policy's scheme sources (docs/performance.md, "Headers without colons").
 */
export const API_POLICY = "default-src 'none'; frame-ancestors 'none'";

/**
 * The policy. With a nonce (pages rendered per request, set by proxy.ts): scripts run only
 * when they carry this response's nonce (Next adds it to its own scripts when the request
 * carries this header), match the layout script's hash, or are loaded by such a script
 * ('strict-dynamic': Stripe.js, Next's lazily loaded chunks). Without one (prerendered
 * pages, the PayPal wallet pages, API routes, files): the static policy with 'unsafe-inline',
 * because Next's inline bootstrap scripts in a prerendered page cannot carry a per-request
 * nonce. 'unsafe-eval' only in development (React's dev tools need it).
 *
 * @param {{ nonce?: string | null, dev?: boolean }} [options]
 * @returns {string}
 */
export function contentSecurityPolicy({ nonce = null, dev = false } = {}) {
  const evalSource = dev ? " 'unsafe-eval'" : "";
  const scriptSrc = nonce
    ? `script-src 'self' 'nonce-${nonce}' 'strict-dynamic' ${MARK_JS_HASH}${evalSource} ${STRIPE_SCRIPT}`
    : `script-src 'self' 'unsafe-inline'${evalSource} ${STRIPE_SCRIPT} ${PAYPAL}`;
  return ["default-src 'self'", scriptSrc, ...OTHER_DIRECTIVES].join("; ");
}

/**
 * The static header of the pages that get a nonce policy (NONCE_PAGES): the proxy replaces it
 * on every response it lets through or sends from memory, so it stands only where the proxy
 * did not run, and there it allows nothing from elsewhere. It has no colon: Next compiles every
 * header value with a colon on every request whose rule has a parameter, and the page policy's
 * 18 colons cost the signed-in pages 6-9% of the server's busy time (docs/performance.md "The
 * signed-in pages' header without a compile").
 */
export const NONCE_PAGE_FALLBACK_POLICY =
  "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self'; font-src 'self'; connect-src 'self'; object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors 'none'";

/**
 * Random bytes for nonces, drawn from the platform's CSPRNG 4 kB at a time and each byte used
 * once: one call to the generator per 256 nonces instead of one per page answered (it was
 * 1.5% of the server's busy time on a page answered from memory, docs/performance.md "Nonces
 * in batches").
 */
const NONCE_POOL = new Uint8Array(4096);
let noncePoolAt = NONCE_POOL.length;

/**
 * A fresh nonce: 16 random bytes (128 bits) from the platform's CSPRNG, base64.
 * @returns {string}
 */
export function newNonce() {
  if (noncePoolAt === NONCE_POOL.length) {
    crypto.getRandomValues(NONCE_POOL);
    noncePoolAt = 0;
  }
  let binary = "";
  for (let i = noncePoolAt; i < noncePoolAt + 16; i++) binary += String.fromCharCode(NONCE_POOL[i]);
  noncePoolAt += 16;
  return btoa(binary);
}

/**
 * The pages that get a nonce policy: every page `next build` marks as rendered per request
 * ("ƒ"), except the three PayPal wallet checkouts (docs/security.md says why). `:id` is one
 * path segment. proxy.ts's matcher must cover each (tests/unit/csp.test.ts checks), and none
 * may be prerendered: a prerendered page's scripts carry no nonce, so a nonce policy would
 * block them (e2e/csp.spec.ts checks the build's prerender manifest).
 */
export const NONCE_PAGES = [
  "/account",
  "/watchlist",
  "/watchlist/:id",
  "/alerts/mine",
  "/alerts/mine/:id",
  "/alerts/email-settings",
  "/admin",
  "/admin/sign-in",
  "/admin/tariffs",
  "/admin/trial-dashboard",
  "/admin/email-resend",
  "/admin/emails",
  "/sign-in",
  "/sign-in/verify",
  "/dev/mail",
  "/dev/mail/:id",
  "/unsubscribe",
  "/payment-success",
  "/paypal/subscription",
  "/checkout-ebook-paypal",
  // The card checkouts (Stripe.js is loaded by Next's nonce'd code: 'strict-dynamic').
  "/checkout",
  "/checkout-consumer",
  "/checkout-working",
  "/checkout-simple-card",
  "/checkout-professional",
  "/checkout-card-ultimate",
  "/checkout-test",
  "/checkout-debug",
];

const NONCE_PAGE_PATTERN = new RegExp(`^(?:${NONCE_PAGES.map((p) => p.replace(/:id/g, "[^/]+")).join("|")})$`);

/**
 * Whether `pathname` (as the proxy sees it, after a rewrite: the target's) gets a nonce policy.
 * @param {string} pathname
 * @returns {boolean}
 */
export function isNoncePage(pathname) {
  return NONCE_PAGE_PATTERN.test(pathname);
}

/** NONCE_PAGES as one alternation of path patterns without the leading slash (next.config.mjs's rules). */
export const NONCE_PAGES_ALTERNATION = NONCE_PAGES.map((p) => p.slice(1).replace(/:id/g, "[^/]+")).join("|");
