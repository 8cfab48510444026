import * as React from "react";
import { Gift, Loader2 } from "lucide-react";
import { Button, buttonClassName } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Field } from "@/components/forms/field";
import { MarketingConsent } from "@/components/forms/marketing-consent";
import { PlaceholderSubmit } from "@/components/forms/placeholder-submit";

export const SIGNUP_SUCCESS = { title: "Success!", description: "You'll receive your free preview chapters shortly." } as const;
export const SIGNUP_FAILURE = { title: "Error", description: "Failed to sign up. Please try again." } as const;

/**
 * The free-preview signup's markup, shared by the light placeholder rendered first and the
 * full form (validation, submit) that replaces it (preview-signup.tsx), so the swap changes
 * nothing visible.
 */
export function PreviewSignupView({
  formProps,
  nameProps,
  emailProps,
  marketingProps,
  errors = {},
  pending = false,
  placeholder = false,
}: {
  formProps: React.ComponentProps<"form">;
  nameProps: React.ComponentProps<"input">;
  emailProps: React.ComponentProps<"input">;
  marketingProps: React.ComponentProps<"input">;
  errors?: { name?: string; email?: string };
  pending?: boolean;
  /** The server-rendered placeholder: its button waits for the page to hydrate (PlaceholderSubmit). */
  placeholder?: boolean;
}) {
  const label = pending ? (
    <>
      <Loader2 aria-hidden className="animate-spin" /> Sending...
    </>
  ) : (
    "Send My Free Chapters"
  );
  return (
    <div className="rounded-xl border border-blue-200 bg-white p-6 shadow-lg">
      <div className="flex items-center gap-3">
        <Gift aria-hidden className="size-7 text-primary" />
        <h3 className="text-xl font-bold text-brand-navy">Get the first 3 chapters free</h3>
      </div>
      <p className="mt-2 text-sm text-slate-700">Enter your name and email and we&apos;ll send you a link to the free preview chapters.</p>
      <form noValidate className="mt-5 grid gap-4" data-testid="preview-signup-form" aria-label="Free preview signup" {...formProps}>
        <Field id="preview-name" label="Your name" error={errors.name}>
          {(a11y) => <Input autoComplete="name" {...a11y} {...nameProps} />}
        </Field>
        <Field id="preview-email" label="Email address" error={errors.email}>
          {(a11y) => <Input type="email" autoComplete="email" placeholder="you@example.com" {...a11y} {...emailProps} />}
        </Field>
        <MarketingConsent id="preview-marketing-opt-in" inputProps={marketingProps} />
        {placeholder ? (
          <PlaceholderSubmit className={buttonClassName({ size: "lg", className: "w-full" })} data-testid="preview-signup-submit">
            {label}
          </PlaceholderSubmit>
        ) : (
          <Button type="submit" size="lg" disabled={pending} className="w-full" data-testid="preview-signup-submit">
            {label}
          </Button>
        )}
        <p className="text-center text-xs text-slate-600">No payment needed.</p>
      </form>
    </div>
  );
}

/** The placeholder: the form's markup as the server renders it, before its code has loaded. */
export function PreviewSignupPlaceholder() {
  return (
    <PreviewSignupView placeholder formProps={{}} nameProps={{ name: "name" }} emailProps={{ name: "email" }} marketingProps={{ name: "marketingOptIn" }} />
  );
}
