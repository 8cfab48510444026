"use client";

import * as React from "react";
import Link from "next/link";
import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { Loader2, MailCheck } from "lucide-react";
import { Field } from "@/components/forms/field";
import { SubmitButton } from "@/components/forms/submit-button";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { ApiError, postJson } from "@/lib/http/client";
import { signInLinkSchema, type SignInLinkInput, type SignInLinkRequest } from "@/lib/accounts/sign-in-schema";

const FAILURE = "Could not send a sign-in link. Please try again.";

/**
 * The one-field sign-in form (an emailed link, docs/accounts.md): email -> "a link is on
 * its way". The answer is the same whether or not the email has an account.
 */
export function SignInForm({
  callbackPath,
  demoMailbox = false,
  submitLabel = "Email me a sign-in link",
  idPrefix = "sign-in",
}: {
  callbackPath?: string;
  /** Local demo set-up: point at /dev/mail, where the message can be read. */
  demoMailbox?: boolean;
  submitLabel?: string;
  /** Distinct ids when a page shows the form more than once. */
  idPrefix?: string;
}) {
  const [sent, setSent] = React.useState<{ message: string; email: string } | null>(null);
  const [failure, setFailure] = React.useState<string | null>(null);
  const form = useForm<SignInLinkInput, unknown, SignInLinkRequest>({
    resolver: zodResolver(signInLinkSchema),
    defaultValues: { email: "", callbackPath },
  });
  const { errors, isSubmitting } = form.formState;
  const status = React.useRef<HTMLDivElement>(null);

  const onSubmit = async (values: SignInLinkRequest) => {
    setFailure(null);
    try {
      const data = await postJson<{ message: string }>("/api/auth/sign-in-link", { email: values.email, callbackPath });
      setSent({ message: data.message, email: values.email });
    } catch (error) {
      const apiError = error instanceof ApiError ? error : null;
      const fieldMessage = apiError?.errors.email;
      if (fieldMessage) form.setError("email", { message: fieldMessage });
      setFailure(apiError?.message || FAILURE);
    }
  };

  React.useEffect(() => {
    if (sent) status.current?.focus();
  }, [sent]);

  if (sent) {
    return (
      <div ref={status} tabIndex={-1} role="status" className="grid gap-3 rounded-lg border border-green-300 bg-green-50 p-5 text-slate-800" data-testid="sign-in-sent">
        <p className="flex items-start gap-3 font-medium">
          <MailCheck aria-hidden className="mt-0.5 size-5 shrink-0 text-success" />
          <span>{sent.message}</span>
        </p>
        <p className="text-sm">
          Sent to {sent.email}. The link works once, for 15 minutes.
        </p>
        {demoMailbox ? (
          <p className="text-sm">
            Local demo: nothing is delivered, open the <Link href="/dev/mail" className="font-medium text-primary underline">demo mailbox</Link> to read it.
          </p>
        ) : null}
        <Button type="button" variant="outline" onClick={() => setSent(null)} className="justify-self-start">
          Use another email
        </Button>
      </div>
    );
  }

  const emailId = `${idPrefix}-email`;
  return (
    <form noValidate className="grid gap-4" data-testid="sign-in-form" onSubmit={form.handleSubmit(onSubmit)}>
      <Field id={emailId} label="Email address" error={errors.email?.message}>
        {(a11y) => <Input type="email" autoComplete="email" placeholder="you@example.com" {...a11y} {...form.register("email")} />}
      </Field>
      {failure && !errors.email ? (
        <p role="alert" className="text-sm font-medium text-destructive">
          {failure}
        </p>
      ) : null}
      <SubmitButton size="lg" disabled={isSubmitting} className="w-full">
        {isSubmitting ? (
          <>
            <Loader2 aria-hidden className="animate-spin" /> Sending...
          </>
        ) : (
          submitLabel
        )}
      </SubmitButton>
    </form>
  );
}
