"use client";

import * as React from "react";
import Link from "next/link";
import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { CalendarCheck, CheckCircle2, CreditCard, BellRing } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader } from "@/components/ui/card";
import { toast } from "@/components/ui/use-toast";
import { ApiError, postJson } from "@/lib/http/client";
import { TrialFormView, type TrialField } from "./free-trial-form-view";
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
export function FreeTrialForm({
  initial,
  submitOnMount = false,
  focusField,
}: { initial?: Partial<Record<TrialField, string>>; submitOnMount?: boolean; focusField?: TrialField } = {}) {
  const [started, setStarted] = React.useState<StartedTrial | null>(null);
  const form = useForm<FreeTrialInput, unknown, FreeTrialSignup>({
    resolver: zodResolver(freeTrialSchema),
    defaultValues: { firstName: initial?.firstName ?? "", lastName: initial?.lastName ?? "", email: initial?.email ?? "" },
  });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = React.useCallback(async (values: FreeTrialSignup) => {
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
      inputProps={{ firstName: form.register("firstName"), lastName: form.register("lastName"), email: form.register("email") }}
      errors={{ firstName: errors.firstName?.message, lastName: errors.lastName?.message, email: errors.email?.message }}
      pending={isSubmitting}
    />
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
