"use client";

import * as React from "react";
import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { signIn } from "next-auth/react";
import { AlertCircle, Loader2, LogIn } from "lucide-react";
import { z } from "zod";
import { Field } from "@/components/forms/field";
import { SubmitButton } from "@/components/forms/submit-button";
import { Input } from "@/components/ui/input";
import { SIGN_IN_NETWORK_MESSAGE, WRONG_CREDENTIALS_MESSAGE } from "@/lib/admin-auth/messages";

const signInSchema = z.object({
  username: z.string().trim().min(1, { error: "Enter your username" }),
  password: z.string().min(1, { error: "Enter your password" }),
});
type SignInValues = z.infer<typeof signInSchema>;

/** next-auth's code for "authorize() said no"; other errors carry our own message (the throttle's). */
const WRONG_CREDENTIALS = "CredentialsSignin";

/**
 * The admin sign-in form. Signs in through next-auth's credentials endpoint without a
 * redirect, then loads the page the admin came for (a full load, so the server renders
 * it with the new session cookie).
 */
export function SignInForm({ callbackPath, initialError }: { callbackPath: string; initialError?: string }) {
  const [error, setError] = React.useState<string | undefined>(initialError);
  const [signedIn, setSignedIn] = React.useState(false);
  const form = useForm<SignInValues>({ resolver: zodResolver(signInSchema), defaultValues: { username: "", password: "" } });
  const { errors, isSubmitting } = form.formState;

  async function onSubmit(values: SignInValues) {
    setError(undefined);
    let result: Awaited<ReturnType<typeof signIn>>;
    try {
      result = await signIn("credentials", { username: values.username, password: values.password, redirect: false, callbackUrl: callbackPath });
    } catch {
      result = undefined;
    }
    if (result?.ok && !result.error) {
      setSignedIn(true);
      window.location.assign(callbackPath);
      return;
    }
    setError(!result ? SIGN_IN_NETWORK_MESSAGE : result.error === WRONG_CREDENTIALS || !result.error ? WRONG_CREDENTIALS_MESSAGE : result.error);
    form.resetField("password");
    form.setFocus("password");
  }

  const busy = isSubmitting || signedIn;
  return (
    <form noValidate onSubmit={form.handleSubmit(onSubmit)} className="grid gap-4" data-testid="sign-in-form">
      {error ? (
        <div
          role="alert"
          data-testid="sign-in-error"
          className="flex items-start gap-2 rounded-md border border-destructive/40 bg-red-50 p-3 text-sm font-medium text-red-900"
        >
          <AlertCircle aria-hidden className="mt-0.5 size-4 shrink-0" />
          <span>{error}</span>
        </div>
      ) : null}
      <Field id="username" label="Username" error={errors.username?.message}>
        {(a11y) => <Input autoComplete="username" autoCapitalize="none" spellCheck={false} {...a11y} {...form.register("username")} />}
      </Field>
      <Field id="password" label="Password" error={errors.password?.message}>
        {(a11y) => <Input type="password" autoComplete="current-password" {...a11y} {...form.register("password")} />}
      </Field>
      <SubmitButton size="lg" disabled={busy} className="w-full">
        {busy ? (
          <>
            <Loader2 aria-hidden className="animate-spin" /> Signing in...
          </>
        ) : (
          <>
            <LogIn aria-hidden /> Sign in
          </>
        )}
      </SubmitButton>
    </form>
  );
}
