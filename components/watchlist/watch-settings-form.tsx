"use client";

import * as React from "react";
import { useRouter } from "next/navigation";
import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { z } from "zod";
import { Loader2 } from "lucide-react";
import { Field } from "@/components/forms/field";
import { SubmitButton } from "@/components/forms/submit-button";
import { Input } from "@/components/ui/input";
import { toast } from "@/components/ui/use-toast";
import { MESSAGES, THRESHOLD_MAX, THRESHOLD_MIN } from "@/lib/watchlist/schema";
import { ApiError, sendJson } from "@/lib/http/client";
import { HorizonField } from "./watch-form-parts";
import { Select } from "./select";

const schema = z.object({
  horizonDays: z.string(),
  threshold: z
    .string()
    .trim()
    .refine((v) => v === "" || (/^\d+(\.\d+)?$/.test(v) && Number(v) >= THRESHOLD_MIN && Number(v) <= THRESHOLD_MAX), { error: MESSAGES.threshold }),
  snoozeDays: z.string(),
});
type Values = z.infer<typeof schema>;

const SNOOZE = [
  { value: "", label: "Keep as is" },
  { value: "0", label: "Not snoozed" },
  { value: "7", label: "7 days" },
  { value: "30", label: "30 days" },
  { value: "90", label: "90 days" },
];

/** Change a watch's horizon, threshold (plans with custom thresholds) or snooze it (PATCH /api/watchlist/[id]). */
export function WatchSettingsForm({
  id,
  horizonDays,
  thresholdPct,
  customThresholds,
  thresholdPlan,
  snoozedUntil,
}: {
  id: string;
  horizonDays: number;
  thresholdPct: number;
  customThresholds: boolean;
  thresholdPlan: string;
  snoozedUntil: string | null;
}) {
  const router = useRouter();
  const form = useForm<Values>({
    resolver: zodResolver(schema),
    defaultValues: { horizonDays: String(horizonDays), threshold: String(thresholdPct), snoozeDays: "" },
  });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = async (v: Values) => {
    try {
      await sendJson("PATCH", `/api/watchlist/${id}`, {
        horizonDays: Number(v.horizonDays),
        ...(customThresholds && v.threshold !== "" ? { threshold: Number(v.threshold) } : {}),
        ...(v.snoozeDays !== "" ? { snoozeDays: Number(v.snoozeDays) } : {}),
      });
      toast({ title: "Saved", description: "The watch is updated.", variant: "success" });
      router.refresh();
    } catch (error) {
      const e = error instanceof ApiError ? error : null;
      if (e?.errors.threshold) form.setError("threshold", { message: e.errors.threshold });
      else if (e?.errors.horizonDays) form.setError("horizonDays", { message: e.errors.horizonDays });
      else toast({ title: "Could not save", description: e?.message || "Please try again.", variant: "destructive" });
    }
  };

  return (
    <form noValidate onSubmit={form.handleSubmit(onSubmit)} className="grid grid-cols-1 gap-4 sm:grid-cols-3 sm:items-end" aria-label="Watch settings">
      <HorizonField id="settings-horizon" error={errors.horizonDays?.message} registration={form.register("horizonDays")} />
      {customThresholds ? (
        <Field id="settings-threshold" label="Alert threshold (%)" error={errors.threshold?.message}>
          {(a11y) => <Input {...a11y} inputMode="decimal" {...form.register("threshold")} />}
        </Field>
      ) : (
        <p className="text-sm text-muted-foreground">
          Alerts at {thresholdPct}%. Your own threshold comes with the {thresholdPlan}.
        </p>
      )}
      <Field id="settings-snooze" label={snoozedUntil ? `Snoozed until ${snoozedUntil.slice(0, 10)}` : "Snooze alerts"} error={errors.snoozeDays?.message}>
        {(a11y) => (
          <Select {...a11y} {...form.register("snoozeDays")}>
            {SNOOZE.map((s) => (
              <option key={s.value} value={s.value}>
                {s.label}
              </option>
            ))}
          </Select>
        )}
      </Field>
      <SubmitButton disabled={isSubmitting} className="w-full sm:col-span-3 sm:w-auto sm:justify-self-start">
        {isSubmitting ? <Loader2 aria-hidden className="animate-spin" /> : null}
        Save settings
      </SubmitButton>
    </form>
  );
}
