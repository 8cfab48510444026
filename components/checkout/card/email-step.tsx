"use client";

import type * as React from "react";
import { Field } from "@/components/forms/field";
import { SubmitButton } from "@/components/forms/submit-button";
import { Input } from "@/components/ui/input";
import { EMAIL_FIELD_ID } from "./step-heading";

/** Step 1: the buyer's email, where the receipt and the alerts go. */
export function EmailStep({
  value,
  error,
  onType,
  onSubmit,
}: {
  value: string;
  error: string | undefined;
  onType: (value: string) => void;
  onSubmit: (event: React.FormEvent<HTMLFormElement>) => void;
}) {
  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-4" data-testid="email-step">
      <Field id={EMAIL_FIELD_ID} label="Email address" error={error}>
        {(a11y) => (
          <Input
            type="email"
            autoComplete="email"
            inputMode="email"
            placeholder="you@example.com"
            value={value}
            onChange={(e) => onType(e.target.value)}
            {...a11y}
            aria-describedby={[a11y["aria-describedby"], "checkout-email-hint"].filter(Boolean).join(" ")}
          />
        )}
      </Field>
      <p id="checkout-email-hint" className="-mt-2 text-sm text-muted-foreground">
        Your receipt and your alerts go to this address.
      </p>
      <SubmitButton size="lg" className="w-full">
        Continue to payment
      </SubmitButton>
    </form>
  );
}
