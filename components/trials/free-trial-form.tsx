"use client";

import * as React from "react";
import Link from "next/link";
import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { CalendarCheck, CheckCircle2, CreditCard, BellRing, Loader2, MailCheck, UserRound } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader } from "@/components/ui/card";
import { toast } from "@/components/ui/use-toast";
import { MARKET_DASHBOARD_PATH, SUBSCRIBER_HOME_PATH } from "@/lib/accounts/paths";
import { ApiError, postJson } from "@/lib/http/client";
import { TrialFormView, type TrialField, type TrialValues } from "./free-trial-form-view";
import { TRIAL_DAYS } from "@/lib/catalog";
import {
  freeTrialSchema,
  TRIAL_ACCOUNT_EXISTS_TITLE,
  TRIAL_ALREADY_USED_FIELD,
  TRIAL_FAILURE_FALLBACK,
  TRIAL_FAILURE_TITLE,
  type FreeTrialInput,
  type FreeTrialSignup,
} from "@/lib/trials/schema";

type StartedTrial = { firstName: string; email: string; endDate: string };
type TrialResponse = { message?: string; trial: StartedTrial };

const fields = ["firstName", "lastName", "email"] as const;

/**
 * The free-trial signup: form -> 'Starting Your Free Trial...' -> welcome screen. An email
 * that already has a trial (409) gets the account notice with an emailed sign-in link
 * instead of a failure toast (docs/accounts.md, "A way back for returning people").
 */
export function FreeTrialForm({
  initial,
  submitOnMount = false,
  focusField,
}: { initial?: Partial<TrialValues>; submitOnMount?: boolean; focusField?: TrialField } = {}) {
  const [started, setStarted] = React.useState<StartedTrial | null>(null);
  /** The email a 409 said already has an account; the notice offers it a sign-in link. */
  const [existingAccount, setExistingAccount] = React.useState<string | null>(null);
  const form = useForm<FreeTrialInput, unknown, FreeTrialSignup>({
    resolver: zodResolver(freeTrialSchema),
    defaultValues: {
      firstName: initial?.firstName ?? "",
      lastName: initial?.lastName ?? "",
      email: initial?.email ?? "",
      marketingOptIn: initial?.marketingOptIn ?? false,
    },
  });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = React.useCallback(async (values: FreeTrialSignup) => {
    setExistingAccount(null);
    try {
      const data = await postJson<TrialResponse>("/api/free-trial", values);
      toast({ title: "Free Trial Activated", description: data.message ?? "Your 7-day free trial has started.", variant: "success" });
      setStarted(data.trial);
    } catch (error) {
      const apiError = error instanceof ApiError ? error : null;
      if (apiError?.status === 409 && apiError.errors.email !== TRIAL_ALREADY_USED_FIELD) {
        setExistingAccount(values.email);
        return;
      }
      for (const name of fields) {
        const message = apiError?.errors[name];
        if (message) form.setError(name, { message });
      }
      toast({ title: TRIAL_FAILURE_TITLE, description: apiError?.message || TRIAL_FAILURE_FALLBACK, variant: "destructive" });
    }
  }, [form]);

  // Arriving from the placeholder form: send what was typed if the button was pressed.
  const arrived = React.useRef(false);
  React.useEffect(() => {
    if (arrived.current) return;
    arrived.current = true;
    if (submitOnMount) void form.handleSubmit(onSubmit)();
    else if (focusField) form.setFocus(focusField);
  }, [focusField, form, onSubmit, submitOnMount]);

  if (started) return <TrialWelcome trial={started} />;

  return (
    <TrialFormView
      formProps={{ onSubmit: form.handleSubmit(onSubmit) }}
      inputProps={{
        firstName: form.register("firstName"),
        lastName: form.register("lastName"),
        email: form.register("email"),
        marketingOptIn: form.register("marketingOptIn"),
      }}
      errors={{ firstName: errors.firstName?.message, lastName: errors.lastName?.message, email: errors.email?.message }}
      pending={isSubmitting}
      notice={existingAccount ? <AccountNotice key={existingAccount} email={existingAccount} /> : null}
    />
  );
}

const SIGN_IN_LINK_FAILURE = "Could not send a sign-in link. Please try again.";

/**
 * The answer to a second trial for an email: it already has an account, so offer the
 * emailed sign-in link (POST /api/auth/sign-in-link, its limits and its one answer for
 * every email). Shown above the form, which keeps what was typed.
 */
function AccountNotice({ email }: { email: string }) {
  const [state, setState] = React.useState<{ step: "offer" | "sending" } | { step: "sent"; message: string } | { step: "failed"; message: string }>({
    step: "offer",
  });
  const heading = React.useRef<HTMLHeadingElement>(null);
  const sentStatus = React.useRef<HTMLDivElement>(null);
  React.useEffect(() => heading.current?.focus(), []);
  React.useEffect(() => {
    if (state.step === "sent") sentStatus.current?.focus();
  }, [state.step]);

  const send = async () => {
    setState({ step: "sending" });
    try {
      const data = await postJson<{ message?: string }>("/api/auth/sign-in-link", { email });
      setState({ step: "sent", message: data.message ?? "" });
    } catch (error) {
      setState({ step: "failed", message: (error instanceof ApiError && error.message) || SIGN_IN_LINK_FAILURE });
    }
  };

  return (
    <section
      aria-labelledby="trial-account-heading"
      className="grid gap-3 rounded-lg border border-blue-300 bg-blue-50 p-4 text-slate-800"
      data-testid="trial-account-notice"
    >
      <h3 id="trial-account-heading" ref={heading} tabIndex={-1} className="flex items-start gap-2 font-semibold text-brand-navy">
        <UserRound aria-hidden className="mt-0.5 size-5 shrink-0 text-primary" />
        {TRIAL_ACCOUNT_EXISTS_TITLE}
      </h3>
      <p className="text-sm">
        A free trial has already been started with <strong className="break-all">{email}</strong>, and each email can start
        one. Sign in to your account instead: we email a one-time sign-in link to this address, no password needed.
      </p>
      {state.step === "sent" ? (
        <div ref={sentStatus} tabIndex={-1} role="status" className="grid gap-1 rounded-md border border-green-300 bg-green-50 p-3 text-sm" data-testid="trial-sign-in-sent">
          <p className="flex items-center gap-2 font-semibold text-green-900">
            <MailCheck aria-hidden className="size-4 shrink-0" />
            Check your inbox
          </p>
          <p>
            {state.message} The link works once, for 15 minutes.
          </p>
        </div>
      ) : (
        <Button type="button" onClick={send} disabled={state.step === "sending"} className="justify-self-start">
          {state.step === "sending" ? (
            <>
              <Loader2 aria-hidden className="animate-spin" /> Sending...
            </>
          ) : (
            "Email me a sign-in link"
          )}
        </Button>
      )}
      {state.step === "failed" ? (
        <p role="alert" className="text-sm font-medium text-destructive">
          {state.message}
        </p>
      ) : null}
      <p className="text-sm">
        Not your account? Use a different email below. Signing in later works from the{" "}
        <Link href="/sign-in" className="font-medium text-primary underline underline-offset-2">
          sign-in page
        </Link>
        .
      </p>
    </section>
  );
}

function TrialWelcome({ trial }: { trial: StartedTrial }) {
  const heading = React.useRef<HTMLHeadingElement>(null);
  React.useEffect(() => heading.current?.focus(), []);
  const endDate = new Intl.DateTimeFormat("en-US", { dateStyle: "full" }).format(new Date(trial.endDate));
  return (
    <Card className="border-green-300 shadow-lg" data-testid="trial-welcome">
      <CardHeader className="items-center text-center">
        <CheckCircle2 aria-hidden className="size-12 text-success" />
        <h2 ref={heading} tabIndex={-1} className="text-2xl font-bold text-brand-navy">
          Welcome to TariffWatch, {trial.firstName}!
        </h2>
        <CardDescription>Your {TRIAL_DAYS}-day free trial is active.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6">
        <ul className="grid gap-3 text-sm">
          <li className="flex items-start gap-3">
            <CalendarCheck aria-hidden className="mt-0.5 size-5 text-primary" />
            <span>
              Your trial ends in {TRIAL_DAYS} days, on <strong>{endDate}</strong>.
            </span>
          </li>
          <li className="flex items-start gap-3">
            <CreditCard aria-hidden className="mt-0.5 size-5 text-primary" />
            <span>No payment now. We never asked for a card.</span>
          </li>
          <li className="flex items-start gap-3">
            <BellRing aria-hidden className="mt-0.5 size-5 text-primary" />
            <span>We have emailed your first steps to {trial.email}, and we will send a reminder the day before your trial ends.</span>
          </li>
        </ul>
        <p className="text-sm text-slate-700">
          First step: add what you buy to your watchlist. You sign in with your email: we send you a link, no password.
        </p>
        <div className="grid gap-3 sm:grid-cols-3">
          <Button asChild>
            <Link href={SUBSCRIBER_HOME_PATH} data-testid="trial-open-watchlist">
              Open your watchlist
            </Link>
          </Button>
          <Button asChild variant="outline">
            <Link href="/demo">Watch the Demo</Link>
          </Button>
          <Button asChild variant="outline">
            <Link href={MARKET_DASHBOARD_PATH}>View Market Alerts</Link>
          </Button>
        </div>
      </CardContent>
    </Card>
  );
}
