/**
 * Demo payments (docs/billing.md "Demo payments"): loads the stand-in of Stripe.js from our
 * own server before loadStripe() runs, which then finds window.Stripe and uses it instead of
 * fetching js.stripe.com. The script's data-confirm-url sends its confirm calls to the demo
 * payment server through our route.
 */
export function loadDemoCardForm(src: string, confirmUrl: string): Promise<void> {
  if ((window as { Stripe?: unknown }).Stripe) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const script = document.createElement("script");
    script.src = src;
    script.async = true;
    script.setAttribute("data-confirm-url", confirmUrl);
    script.addEventListener("load", () => resolve());
    script.addEventListener("error", () => reject(new Error("The demo card form could not load from the demo payment server.")));
    document.head.appendChild(script);
  });
}
