"use client";

import * as React from "react";
import Link from "next/link";
import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { CalendarCheck, CheckCircle2, CreditCard, BellRing, Loader2 } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Card, CardContent, CardDescription, CardHeader } from "@/components/ui/card";
import { toast } from "@/components/ui/use-toast";
import { Field } from "@/components/forms/field";
import { ApiError, postJson } from "@/lib/http/client";
import { TRIAL_DAYS } from "@/lib/catalog";
import {
  freeTrialSchema,
  TRIAL_FAILURE_FALLBACK,
  TRIAL_FAILURE_TITLE,
  type FreeTrialInput,
  type FreeTrialSignup,
} from "@/lib/trials/schema";

type StartedTrial = { firstName: string; email: string; endDate: string };
type TrialResponse = { message?: string; trial: StartedTrial };

const fields = ["firstName", "lastName", "email"] as const;

/** The free-trial signup: form -> 'Starting Your Free Trial...' -> welcome screen. */
export function FreeTrialForm() {
  const [started, setStarted] = React.useState<StartedTrial | null>(null);
  const form = useForm<FreeTrialInput, unknown, FreeTrialSignup>({
    resolver: zodResolver(freeTrialSchema),
    defaultValues: { firstName: "", lastName: "", email: "" },
  });
  const { errors, isSubmitting } = form.formState;

  async function onSubmit(values: FreeTrialSignup) {
    try {
      const data = await postJson<TrialResponse>("/api/free-trial", values);
      toast({ title: "Free Trial Activated", description: data.message ?? "Your 7-day free trial has started.", variant: "success" });
      setStarted(data.trial);
    } catch (error) {
      const apiError = error instanceof ApiError ? error : null;
      for (const name of fields) {
        const message = apiError?.errors[name];
        if (message) form.setError(name, { message });
      }
      toast({ title: TRIAL_FAILURE_TITLE, description: apiError?.message || TRIAL_FAILURE_FALLBACK, variant: "destructive" });
    }
  }

  if (started) return <TrialWelcome trial={started} />;

  return (
    <Card className="shadow-lg">
      <CardHeader>
        <h2 className="text-xl font-semibold">Start your free trial</h2>
        <CardDescription>{TRIAL_DAYS} days free. No card needed.</CardDescription>
      </CardHeader>
      <CardContent>
        <form noValidate onSubmit={form.handleSubmit(onSubmit)} className="grid gap-4" data-testid="free-trial-form">
          <div className="grid gap-4 sm:grid-cols-2">
            <Field id="firstName" label="First name" error={errors.firstName?.message}>
              {(a11y) => <Input autoComplete="given-name" {...a11y} {...form.register("firstName")} />}
            </Field>
            <Field id="lastName" label="Last name" error={errors.lastName?.message}>
              {(a11y) => <Input autoComplete="family-name" {...a11y} {...form.register("lastName")} />}
            </Field>
          </div>
          <Field id="email" label="Email address" error={errors.email?.message}>
            {(a11y) => <Input type="email" autoComplete="email" placeholder="you@example.com" {...a11y} {...form.register("email")} />}
          </Field>
          <Button type="submit" size="lg" disabled={isSubmitting} className="w-full">
            {isSubmitting ? (
              <>
                <Loader2 aria-hidden className="animate-spin" /> Starting Your Free Trial...
              </>
            ) : (
              "Start My Free Trial"
            )}
          </Button>
          <p className="text-center text-xs text-muted-foreground">
            By starting a trial you agree to our <Link href="/terms" className="underline">Terms</Link> and{" "}
            <Link href="/privacy" className="underline">Privacy Policy</Link>. Cancel anytime.
          </p>
        </form>
      </CardContent>
    </Card>
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
            <span>We will send a reminder to {trial.email} before your trial expires.</span>
          </li>
        </ul>
        <div className="grid gap-3 sm:grid-cols-3">
          <Button asChild>
            <Link href="/demo">Watch the Demo</Link>
          </Button>
          <Button asChild variant="outline">
            <Link href="/alerts">View Live Alerts</Link>
          </Button>
          <Button asChild variant="ghost">
            <Link href="/">Back to Home</Link>
          </Button>
        </div>
      </CardContent>
    </Card>
  );
}
