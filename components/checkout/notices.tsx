import { AlertTriangle, FlaskConical, Info, ShieldCheck } from "lucide-react";
import { cn } from "@/lib/utils";
import { WALLET_NAME } from "./checkout-text";

/**
 * Small notices shared by the checkout's server and client parts. No hooks, no
 * "use client": they render on the server unless a client part uses them.
 */

export function Notice({
  tone = "info",
  title,
  children,
  className,
  role,
  testId,
}: {
  tone?: "info" | "warning" | "error";
  title?: string;
  children?: React.ReactNode;
  className?: string;
  role?: "alert" | "status";
  testId?: string;
}) {
  const Icon = tone === "info" ? Info : AlertTriangle;
  return (
    <div
      role={role}
      data-testid={testId}
      className={cn(
        "flex gap-3 rounded-lg border p-4 text-sm",
        tone === "info" && "border-blue-200 bg-blue-50 text-blue-950",
        tone === "warning" && "border-amber-300 bg-amber-50 text-amber-950",
        tone === "error" && "border-red-300 bg-red-50 text-red-950",
        className,
      )}
    >
      <Icon aria-hidden className="mt-0.5 size-4 shrink-0" />
      <div className="grid gap-1">
        {title ? <p className="font-semibold">{title}</p> : null}
        {children}
      </div>
    </div>
  );
}

/** The test cards the demo payment server knows (tests/helpers/fake-stripe.ts TEST_CARDS), as a buyer reads them. */
export const DEMO_TEST_CARDS: readonly (readonly [string, string])[] = [
  ["4242 4242 4242 4242", "pays"],
  ["4000 0000 0000 0002", "is declined"],
  ["4000 0000 0000 9995", "is declined for insufficient funds"],
  ["4000 0000 0000 0069", "is declined as expired"],
  ["4000 0000 0000 3220", "asks for authentication, so the payment stays unclear"],
];

/** Every checkout in demo mode (docs/billing.md "Demo payments"): plainly no real payment, and the cards to try. */
export function DemoPaymentNotice() {
  return (
    <Notice tone="warning" title="Demo payment: no money moves" testId="demo-payment-notice">
      <p>
        This copy of TariffWatch runs in demo mode. Payments go to its own local test payment server, never to Stripe, PayPal or a bank. Pay
        with a test card:
      </p>
      <ul className="grid gap-0.5 pl-1">
        {DEMO_TEST_CARDS.map(([number, what]) => (
          <li key={number}>
            <span className="font-mono font-semibold">{number}</span> {what}
          </li>
        ))}
      </ul>
      <p>A plan bought here works like a paid one: use its features, then cancel or resume it on your account page.</p>
    </Notice>
  );
}

/** Test keys: which card to use. Live keys: real cards are charged. Demo: the demo server's cards. */
export function ModeNote({ live, demo = false }: { live: boolean; demo?: boolean }) {
  if (demo) {
    return (
      <p className="flex items-start gap-2 text-sm text-slate-700" data-testid="mode-note">
        <FlaskConical aria-hidden className="mt-0.5 size-4 shrink-0 text-amber-700" />
        <span>Demo payment: no money moves. Use card 4242 4242 4242 4242 to pay.</span>
      </p>
    );
  }
  return live ? (
    <p className="flex items-start gap-2 text-sm text-slate-700" data-testid="mode-note">
      <ShieldCheck aria-hidden className="mt-0.5 size-4 shrink-0 text-green-700" />
      Live payments: real cards are accepted and will be charged.
    </p>
  ) : (
    <p className="flex items-start gap-2 text-sm text-slate-700" data-testid="mode-note">
      <FlaskConical aria-hidden className="mt-0.5 size-4 shrink-0 text-amber-700" />
      <span>
        Test mode: use card 4242 4242 4242 4242 with any future expiry date and any security code. No real money moves.
      </span>
    </p>
  );
}

/** /checkout-enhanced: some cards may be refused by the card processor. */
export function CardWarning({ walletAvailable }: { walletAvailable: boolean }) {
  return (
    <Notice tone="warning" title="Some cards may have issues" testId="card-warning">
      <p>
        A few banks decline online subscription payments. If your card is declined, try another card
        {walletAvailable ? ` or pay with ${WALLET_NAME} above` : " or contact your bank"}.
      </p>
    </Notice>
  );
}
