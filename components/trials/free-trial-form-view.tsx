import * as React from "react";
import Link from "next/link";
import { Loader2 } from "lucide-react";
import { Button, buttonClassName } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader } from "@/components/ui/card";
import { Input } from "@/components/ui/input";
import { Field } from "@/components/forms/field";
import { MarketingConsent } from "@/components/forms/marketing-consent";
import { PlaceholderSubmit } from "@/components/forms/placeholder-submit";
import { TRIAL_DAYS } from "@/lib/catalog";

export type TrialField = "firstName" | "lastName" | "email";
/** The placeholder's values handed to the full form: the text fields and the news-and-offers box. */
export type TrialValues = Record<TrialField, string> & { marketingOptIn: boolean };

/**
 * The free-trial form's markup, shared by the light placeholder shown first and the full
 * form (validation, submit) that replaces it, so the swap changes nothing visible.
 */
export function TrialFormView({
  formProps,
  inputProps,
  errors = {},
  pending = false,
  notice = null,
  placeholder = false,
}: {
  formProps: React.ComponentProps<"form">;
  inputProps: Record<TrialField | "marketingOptIn", React.ComponentProps<"input">>;
  errors?: Partial<Record<TrialField, string | undefined>>;
  pending?: boolean;
  /** Shown above the fields, e.g. the notice for an email that already has an account. */
  notice?: React.ReactNode;
  /** The server-rendered placeholder: its button waits for the page to hydrate (PlaceholderSubmit). */
  placeholder?: boolean;
}) {
  const label = pending ? (
    <>
      <Loader2 aria-hidden className="animate-spin" /> Starting Your Free Trial...
    </>
  ) : (
    "Start My Free Trial"
  );
  return (
    <Card className="shadow-lg">
      <CardHeader>
        <h2 className="text-xl font-semibold">Start your free trial</h2>
        <CardDescription>{TRIAL_DAYS} days free. No card needed.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {notice}
        <form noValidate className="grid gap-4" data-testid="free-trial-form" {...formProps}>
          <div className="grid gap-4 sm:grid-cols-2">
            <Field id="firstName" label="First name" error={errors.firstName}>
              {(a11y) => <Input autoComplete="given-name" {...a11y} {...inputProps.firstName} />}
            </Field>
            <Field id="lastName" label="Last name" error={errors.lastName}>
              {(a11y) => <Input autoComplete="family-name" {...a11y} {...inputProps.lastName} />}
            </Field>
          </div>
          <Field id="email" label="Email address" error={errors.email}>
            {(a11y) => <Input type="email" autoComplete="email" placeholder="you@example.com" {...a11y} {...inputProps.email} />}
          </Field>
          <MarketingConsent id="trial-marketing-opt-in" inputProps={inputProps.marketingOptIn} />
          {placeholder ? (
            <PlaceholderSubmit className={buttonClassName({ size: "lg", className: "w-full" })}>{label}</PlaceholderSubmit>
          ) : (
            <Button type="submit" size="lg" disabled={pending} className="w-full">
              {label}
            </Button>
          )}
          <p className="text-center text-xs text-muted-foreground">
            By starting a trial you agree to our <Link href="/terms" className="underline">Terms</Link> and{" "}
            <Link href="/privacy" className="underline">Privacy Policy</Link>.{" "}
            <Link href="/account" className="underline" data-testid="trial-cancel-link">
              Cancel anytime from your account
            </Link>
            .
          </p>
        </form>
      </CardContent>
    </Card>
  );
}

/** The placeholder: the form's markup as the server renders it, before its code has loaded. */
export function TrialFormPlaceholder() {
  return (
    <TrialFormView
      placeholder
      formProps={{}}
      inputProps={{ firstName: { name: "firstName" }, lastName: { name: "lastName" }, email: { name: "email" }, marketingOptIn: { name: "marketingOptIn" } }}
    />
  );
}
