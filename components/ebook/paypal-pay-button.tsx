"use client";

import * as React from "react";
import { Loader2 } from "lucide-react";
import { Button } from "@/components/ui/button";
import { createEbookOrder, orderFailureAlert } from "./ebook-order";

/**
 * 'Pay with PayPal' (docs/product-rules.md §4): idle -> busy (disabled, spinner, 'Processing...') ->
 * the browser goes to PayPal's approval page; on any error an alert and back to idle.
 */
export function PayPalPayButton({ label = "Pay with PayPal" }: { label?: string }) {
  const [busy, setBusy] = React.useState(false);

  // Coming back from PayPal with the Back button restores this page from the cache: be ready again.
  React.useEffect(() => {
    const onShow = (event: PageTransitionEvent) => {
      if (event.persisted) setBusy(false);
    };
    window.addEventListener("pageshow", onShow);
    return () => window.removeEventListener("pageshow", onShow);
  }, []);

  async function pay() {
    setBusy(true);
    try {
      const approveUrl = await createEbookOrder();
      window.location.href = approveUrl;
    } catch (error) {
      console.error("E-book order failed:", error);
      window.alert(orderFailureAlert(error));
      setBusy(false);
    }
  }

  return (
    <Button
      type="button"
      size="lg"
      onClick={pay}
      disabled={busy}
      aria-busy={busy}
      data-testid="ebook-pay"
      className="w-full bg-[#ffc439] text-slate-950 hover:bg-[#f2b600]"
    >
      {busy ? (
        <>
          <Loader2 aria-hidden className="animate-spin" />
          Processing...
        </>
      ) : (
        label
      )}
    </Button>
  );
}
