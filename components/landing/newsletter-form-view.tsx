import * as React from "react";
import { LoaderCircle, Mail } from "lucide-react";
import { Button, buttonClassName } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { PlaceholderSubmit } from "@/components/forms/placeholder-submit";

export const NEWSLETTER_ERROR_ID = "newsletter-email-error";

/**
 * The newsletter form's markup, shared by the light placeholder rendered first and the
 * full form (validation, submit) that replaces it, so the swap changes nothing visible.
 */
export function NewsletterFormView({
  formProps,
  inputProps,
  error,
  pending = false,
  placeholder = false,
}: {
  formProps: React.ComponentProps<"form">;
  inputProps: React.ComponentProps<"input">;
  error?: string;
  pending?: boolean;
  /** The server-rendered placeholder: its button waits for the page to hydrate (PlaceholderSubmit). */
  placeholder?: boolean;
}) {
  const label = pending ? (
    <>
      <LoaderCircle aria-hidden className="motion-safe:animate-spin" />
      Subscribing...
    </>
  ) : (
    "Subscribe"
  );
  return (
    <form
      noValidate
      data-testid="newsletter-form"
      aria-label="Newsletter signup"
      className="mx-auto mt-8 flex max-w-xl flex-col gap-3 sm:flex-row sm:items-start"
      {...formProps}
    >
      <div className="flex-1 text-left">
        <label htmlFor="newsletter-email" className="sr-only">
          Email address
        </label>
        <div className="relative">
          <Mail aria-hidden className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-slate-500" />
          <Input
            id="newsletter-email"
            type="email"
            inputMode="email"
            autoComplete="email"
            placeholder="Enter your email address"
            className="h-12 pl-9 text-base md:text-base"
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? NEWSLETTER_ERROR_ID : undefined}
            data-testid="newsletter-email"
            {...inputProps}
          />
        </div>
        {error ? (
          <p id={NEWSLETTER_ERROR_ID} role="alert" className="mt-2 text-sm font-medium text-destructive" data-testid="newsletter-email-error">
            {error}
          </p>
        ) : null}
      </div>
      {placeholder ? (
        <PlaceholderSubmit data-testid="newsletter-submit" className={buttonClassName({ size: "lg", className: "sm:w-36" })}>
          {label}
        </PlaceholderSubmit>
      ) : (
        <Button type="submit" size="lg" disabled={pending} data-testid="newsletter-submit" className="sm:w-36">
          {label}
        </Button>
      )}
    </form>
  );
}

/** The placeholder: the form's markup as the server renders it, before its code has loaded. */
export function NewsletterPlaceholder() {
  return <NewsletterFormView placeholder formProps={{}} inputProps={{ name: "email" }} />;
}
