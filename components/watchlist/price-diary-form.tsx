"use client";

import * as React from "react";
import { useRouter } from "next/navigation";
import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { z } from "zod";
import { Loader2, Trash2 } from "lucide-react";
import { Field } from "@/components/forms/field";
import { SubmitButton } from "@/components/forms/submit-button";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { toast } from "@/components/ui/use-toast";
import { DIARY_MESSAGES, FIRST_DAY, PRICE_MAX_CENTS, SHOP_MAX } from "@/lib/watchlist/price-diary-schema";
import { ApiError, sendJson } from "@/lib/http/client";

const FIELDS = ["paidOn", "price", "shop"] as const;

function formSchema(today: string) {
  return z.object({
    paidOn: z
      .string()
      .regex(/^\d{4}-\d{2}-\d{2}$/, { error: DIARY_MESSAGES.paidOn })
      .refine((s) => s >= FIRST_DAY, { error: DIARY_MESSAGES.paidOn })
      .refine((s) => s <= today, { error: DIARY_MESSAGES.future }),
    price: z
      .string()
      .trim()
      .refine((v) => /^\d+(\.\d{1,2})?$/.test(v) && Number(v) > 0 && Math.round(Number(v) * 100) <= PRICE_MAX_CENTS, { error: DIARY_MESSAGES.price }),
    shop: z
      .string()
      .trim()
      .max(SHOP_MAX, { error: DIARY_MESSAGES.shop }),
  });
}
type Values = z.infer<ReturnType<typeof formSchema>>;

/** Records a price the subscriber paid (POST /api/watchlist/[id]/prices), then refreshes the page (chart, list, alerts). */
export function PriceDiaryForm({ watchId, today }: { watchId: string; today: string }) {
  const router = useRouter();
  const schema = React.useMemo(() => formSchema(today), [today]);
  const form = useForm<Values>({ resolver: zodResolver(schema), defaultValues: { paidOn: today, price: "", shop: "" } });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = async (v: Values) => {
    try {
      const result = await sendJson<{ alerts: string[] }>("POST", `/api/watchlist/${watchId}/prices`, {
        paidOn: v.paidOn,
        price: Number(v.price),
        ...(v.shop ? { shop: v.shop } : {}),
      });
      toast({
        title: "Price recorded",
        description: result.alerts.length ? "It raised an alert: see the price diary's notes and your alerts." : "It is in your price diary.",
        variant: "success",
      });
      form.reset({ paidOn: v.paidOn, price: "", shop: v.shop });
      router.refresh();
    } catch (error) {
      const e = error instanceof ApiError ? error : null;
      const field = FIELDS.find((f) => e?.errors[f]);
      if (field && e) form.setError(field, { message: e.errors[field] });
      else toast({ title: "Could not record the price", description: e?.message || "Please try again.", variant: "destructive" });
    }
  };

  return (
    <form noValidate onSubmit={form.handleSubmit(onSubmit)} className="grid grid-cols-1 gap-4 sm:grid-cols-3 sm:items-start" aria-label="Record a price">
      <Field id="diary-day" label="Day you paid" error={errors.paidOn?.message}>
        {(a11y) => <Input {...a11y} type="date" min={FIRST_DAY} max={today} {...form.register("paidOn")} />}
      </Field>
      <Field id="diary-price" label="Price paid (USD)" error={errors.price?.message}>
        {(a11y) => <Input {...a11y} inputMode="decimal" autoComplete="off" {...form.register("price")} />}
      </Field>
      <Field id="diary-shop" label="Shop (optional)" error={errors.shop?.message}>
        {(a11y) => <Input {...a11y} maxLength={SHOP_MAX} autoComplete="off" {...form.register("shop")} />}
      </Field>
      <SubmitButton disabled={isSubmitting} className="w-full sm:col-span-3 sm:w-auto sm:justify-self-start">
        {isSubmitting ? <Loader2 aria-hidden className="animate-spin" /> : null}
        Record price
      </SubmitButton>
    </form>
  );
}

/** Deletes one recorded price (DELETE /api/watchlist/[id]/prices/[entryId]). */
export function DeletePriceButton({ watchId, entryId, label }: { watchId: string; entryId: string; label: string }) {
  const router = useRouter();
  const [pending, setPending] = React.useState(false);
  const onClick = async () => {
    setPending(true);
    try {
      await sendJson("DELETE", `/api/watchlist/${watchId}/prices/${entryId}`);
      toast({ title: "Deleted", description: `${label} is no longer in your price diary.`, variant: "success" });
      router.refresh();
    } catch (error) {
      toast({ title: "Could not delete it", description: error instanceof ApiError ? error.message : "Please try again.", variant: "destructive" });
    } finally {
      setPending(false);
    }
  };
  return (
    <Button type="button" variant="ghost" size="sm" onClick={onClick} disabled={pending} aria-label={`Delete ${label}`}>
      <Trash2 aria-hidden />
      Delete
    </Button>
  );
}
