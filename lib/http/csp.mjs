// The Content-Security-Policy, built in one place (docs/security.md
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
 * a page, so nothing may load or frame them. OWASP's advice for APIs.
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
 * A fresh nonce: 16 random bytes (128 bits) from the platform's CSPRNG, base64.
 * @returns {string}
 */
export function newNonce() {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  let binary = "";
  for (const b of bytes) binary += String.fromCharCode(b);
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
