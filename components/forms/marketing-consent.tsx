import type * as React from "react";
import { MARKETING_OPT_IN_LABEL } from "@/lib/validation/consent";

/**
 * The unticked "news and offers" box of a signup form (docs/email.md, "Consent"): marketing
 * email only when the person ticks it. Server-safe markup, shared by a deferred form's
 * placeholder and its full form (the input's props come from either).
 */
export function MarketingConsent({ id, inputProps }: { id: string; inputProps: React.ComponentProps<"input"> }) {
  return (
    <div className="flex items-start gap-3 text-sm text-slate-700">
      <input id={id} type="checkbox" className="mt-0.5 size-4 shrink-0 accent-primary" data-testid="marketing-opt-in" {...inputProps} />
      <label htmlFor={id}>{MARKETING_OPT_IN_LABEL}</label>
    </div>
  );
}
