"use client";

import * as React from "react";
import { useRouter } from "next/navigation";
import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { Loader2, Mail } from "lucide-react";
import { Field } from "@/components/forms/field";
import { SubmitButton } from "@/components/forms/submit-button";
import { Card, CardContent, CardDescription, CardHeader } from "@/components/ui/card";
import { Input } from "@/components/ui/input";
import { toast } from "@/components/ui/use-toast";
import {
  FOLLOW_UP_DEFAULTS,
  FOLLOW_UP_FAILURE_FALLBACK,
  FOLLOW_UP_FAILURE_TITLE,
  FOLLOW_UP_SUCCESS_TITLE,
  FOLLOW_UP_TYPE_LABELS,
  FOLLOW_UP_TYPES,
  followUpSchema,
  followUpSuccessDescription,
  type FollowUpInput,
  type FollowUpRequest,
  type FollowUpResponse,
} from "@/lib/admin/follow-up-schema";
import { ApiError, postJson } from "@/lib/http/client";

const fields = ["firstName", "lastName", "email", "emailType", "daysLeft"] as const;

/**
 * The manual follow-up form of /admin/trial-dashboard (docs/product-rules.md §4, §5, §8):
 * 'Sending Email...' while pending; on success the form resets and the whole answer is
 * shown as formatted text; on failure 'Error: {message}'.
 */
export function FollowUpForm() {
  const router = useRouter();
  const [result, setResult] = React.useState<string | null>(null);
  const form = useForm<FollowUpInput, unknown, FollowUpRequest>({
    resolver: zodResolver(followUpSchema),
    defaultValues: FOLLOW_UP_DEFAULTS,
  });
  const { errors, isSubmitting } = form.formState;

  async function onSubmit(values: FollowUpRequest) {
    try {
      const data = await postJson<FollowUpResponse>("/api/admin/send-trial-followup", values);
      setResult(JSON.stringify(data, null, 2));
      toast({ title: FOLLOW_UP_SUCCESS_TITLE, description: followUpSuccessDescription(data.emailType, data.trialData.email), variant: "success" });
      form.reset(FOLLOW_UP_DEFAULTS);
      router.refresh();
    } catch (error) {
      const apiError = error instanceof ApiError ? error : null;
      for (const name of fields) {
        const message = apiError?.errors[name];
        if (message) form.setError(name, { message });
      }
      const message = apiError?.message || FOLLOW_UP_FAILURE_FALLBACK;
      setResult(`Error: ${message}`);
      toast({ title: FOLLOW_UP_FAILURE_TITLE, description: message, variant: "destructive" });
    }
  }

  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <Card>
        <CardHeader>
          <h2 className="text-xl font-semibold text-brand-navy">Send a follow-up email</h2>
          <CardDescription>Send one of the trial emails now, outside the automatic schedule.</CardDescription>
        </CardHeader>
        <CardContent>
          <form noValidate onSubmit={form.handleSubmit(onSubmit)} className="grid gap-4" data-testid="follow-up-form">
            <div className="grid gap-4 sm:grid-cols-2">
              <Field id="followup-firstName" label="First name" error={errors.firstName?.message}>
                {(a11y) => <Input autoComplete="off" {...a11y} {...form.register("firstName")} />}
              </Field>
              <Field id="followup-lastName" label="Last name" error={errors.lastName?.message}>
                {(a11y) => <Input autoComplete="off" {...a11y} {...form.register("lastName")} />}
              </Field>
            </div>
            <Field id="followup-email" label="Email address" error={errors.email?.message}>
              {(a11y) => <Input type="email" autoComplete="off" placeholder="trial.user@example.com" {...a11y} {...form.register("email")} />}
            </Field>
            <div className="grid gap-4 sm:grid-cols-[2fr_1fr]">
              <Field id="followup-emailType" label="Email type" error={errors.emailType?.message}>
                {(a11y) => (
                  <select
                    {...a11y}
                    {...form.register("emailType")}
                    className="flex h-10 w-full rounded-md border border-input bg-background px-3 py-2 text-base text-foreground focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring aria-invalid:border-destructive md:text-sm"
                  >
                    {FOLLOW_UP_TYPES.map((type) => (
                      <option key={type} value={type}>
                        {FOLLOW_UP_TYPE_LABELS[type]}
                      </option>
                    ))}
                  </select>
                )}
              </Field>
              <Field id="followup-daysLeft" label="Days left" error={errors.daysLeft?.message}>
                {(a11y) => <Input type="number" inputMode="numeric" min={1} max={7} step={1} {...a11y} {...form.register("daysLeft", { valueAsNumber: true })} />}
              </Field>
            </div>
            <SubmitButton size="lg" disabled={isSubmitting}>
              {isSubmitting ? (
                <>
                  <Loader2 aria-hidden className="animate-spin" /> Sending Email...
                </>
              ) : (
                <>
                  <Mail aria-hidden /> Send Follow-up Email
                </>
              )}
            </SubmitButton>
          </form>
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <h2 className="text-xl font-semibold text-brand-navy">Last result</h2>
          <CardDescription>The server&apos;s full answer to the last follow-up sent from this page.</CardDescription>
        </CardHeader>
        <CardContent>
          <pre
            role="status"
            tabIndex={0}
            aria-label="Last result"
            data-testid="follow-up-result"
            className="min-h-40 overflow-x-auto whitespace-pre-wrap break-all rounded-md border bg-slate-950 p-4 font-mono text-xs text-slate-100"
          >
            {result ?? "No follow-up sent yet."}
          </pre>
        </CardContent>
      </Card>
    </div>
  );
}
