"use client";

import * as React from "react";
import { useRouter } from "next/navigation";
import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { Loader2, Pin, X } from "lucide-react";
import { Field } from "@/components/forms/field";
import { SubmitButton } from "@/components/forms/submit-button";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { toast } from "@/components/ui/use-toast";
import { useHydrated } from "@/components/ui/use-hydrated";
import { COUNTRIES_BY_NAME } from "@/lib/watchlist/countries";
import { itemBody, itemFormSchema, type ItemForm } from "@/lib/watchlist/form-schema";
import { ApiError, sendJson } from "@/lib/http/client";
import { CategoriesFailed, CategoryOptions, useCategoryOptions } from "./category-options";
import { HtsSearch, type HtsResult } from "./hts-search";
import { HorizonField, PlanRefusal } from "./watch-form-parts";
import { Select } from "./select";

const FIELDS = ["name", "htsCode", "categoryId", "price", "madeIn", "perYear", "threshold", "horizonDays"] as const;

/**
 * Watch an item: a name, an HTS line picked from the search (or a category), the price
 * paid or seen, where it is made, how many a year, and (plans with custom thresholds)
 * the alert threshold. POST /api/watchlist.
 */
export function AddItemForm({
  customThresholds,
  defaultThreshold,
  thresholdPlan,
  dollarsPlan,
  defaultHorizon,
}: {
  customThresholds: boolean;
  defaultThreshold: number;
  /** The plan that unlocks custom thresholds (shown when this plan lacks them). */
  thresholdPlan: string;
  /** The plan that unlocks dollar figures, when this plan lacks them; null when it has them. */
  dollarsPlan: string | null;
  defaultHorizon: number;
}) {
  const router = useRouter();
  const { categories, loading, failed } = useCategoryOptions();
  const [refusal, setRefusal] = React.useState<string | null>(null);
  const [pinned, setPinned] = React.useState<HtsResult | null>(null);
  const form = useForm<ItemForm>({
    resolver: zodResolver(itemFormSchema),
    defaultValues: { name: "", htsCode: "", categoryId: "", price: "", madeIn: "", perYear: "", threshold: "", horizonDays: String(defaultHorizon) },
  });
  const { errors, isSubmitting } = form.formState;
  const categoryName = React.useCallback((id: string) => categories.find((c) => c.id === id)?.name ?? id, [categories]);

  const pin = (line: HtsResult | null, query = "") => {
    setPinned(line);
    form.setValue("htsCode", line?.code ?? "");
    if (line) {
      form.setValue("categoryId", line.categoryId);
      form.clearErrors(["categoryId", "htsCode", "name"]);
      // The words the subscriber searched with name the item better than the schedule's ("Other").
      if (!form.getValues("name")) form.setValue("name", (query || line.title).slice(0, 120));
    }
  };

  const onSubmit = async (values: ItemForm) => {
    setRefusal(null);
    try {
      const data = await sendJson<{ watch: { id: string } }>("POST", "/api/watchlist", itemBody(values));
      toast({ title: "Added to your watchlist", description: `${values.name} is on your watchlist.`, variant: "success" });
      form.reset();
      setPinned(null);
      router.push(`/watchlist/${data.watch.id}`);
    } catch (error) {
      const e = error instanceof ApiError ? error : null;
      let placed = false;
      for (const name of FIELDS) {
        const message = e?.errors[name];
        if (message) {
          form.setError(name, { message });
          placed = true;
        }
      }
      if (!placed) setRefusal(e?.message || "Could not add the item. Please try again.");
    }
  };

  return (
    <form noValidate onSubmit={form.handleSubmit(onSubmit)} className="grid grid-cols-1 gap-4" data-testid="add-item-form" aria-label="Watch an item">
      <Field id="item-name" label="What is it?" error={errors.name?.message}>
        {(a11y) => <Input {...a11y} placeholder="e.g. Men's leather shoes" maxLength={120} {...form.register("name")} />}
      </Field>

      {pinned ? (
        <div className="flex items-start justify-between gap-3 rounded-md border border-blue-200 bg-blue-50 p-3 text-sm" data-testid="pinned-line">
          <div className="min-w-0">
            <p className="flex items-center gap-1 font-semibold">
              <Pin aria-hidden className="size-4" /> Pinned to HTS {pinned.code} (MFN {pinned.generalRateText || "n/a"})
            </p>
            <p className="wrap-anywhere">{pinned.title}</p>
            {pinned.parents.length ? <p className="text-xs text-muted-foreground wrap-anywhere">{pinned.parents.join(" › ")}</p> : null}
            <p className="text-xs text-muted-foreground">Category: {pinned.categoryName || categoryName(pinned.categoryId)}</p>
          </div>
          <Button type="button" variant="ghost" size="sm" onClick={() => pin(null)} aria-label={`Unpin HTS ${pinned.code}`}>
            <X aria-hidden /> Change
          </Button>
        </div>
      ) : (
        <>
          <HtsSearch onPick={pin} />
          <Field id="item-category" label="…or choose its category" error={errors.categoryId?.message ?? errors.htsCode?.message}>
            {(a11y) => (
              <Select {...a11y} aria-busy={loading} {...form.register("categoryId")}>
                <option value="">Choose a category…</option>
                <CategoryOptions categories={categories} />
              </Select>
            )}
          </Field>
          <CategoriesFailed failed={failed} />
        </>
      )}

      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <Field id="item-price" label="Price paid or seen (USD)" error={errors.price?.message}>
          {(a11y) => <Input {...a11y} inputMode="decimal" placeholder="120.00" {...form.register("price")} />}
        </Field>
        <Field id="item-made-in" label="Made in (if known)" error={errors.madeIn?.message}>
          {(a11y) => (
            <Select {...a11y} {...form.register("madeIn")}>
              <option value="">Not known: use the sector&apos;s import mix</option>
              <CountryOptions />
            </Select>
          )}
        </Field>
        <Field id="item-per-year" label="How many a year (optional)" error={errors.perYear?.message}>
          {(a11y) => <Input {...a11y} inputMode="numeric" placeholder="e.g. 2" {...form.register("perYear")} />}
        </Field>
        <HorizonField id="item-horizon" error={errors.horizonDays?.message} registration={form.register("horizonDays")} />
      </div>

      {customThresholds ? (
        <Field id="item-threshold" label={`Alert threshold in % (default ${defaultThreshold}%)`} error={errors.threshold?.message}>
          {(a11y) => <Input {...a11y} inputMode="decimal" placeholder={String(defaultThreshold)} {...form.register("threshold")} />}
        </Field>
      ) : (
        <p className="text-sm text-muted-foreground">
          Alerts at a {defaultThreshold}% projected change. Your own threshold per item comes with the {thresholdPlan}.
        </p>
      )}
      {dollarsPlan ? (
        <p className="text-sm text-muted-foreground">Projections show in percent. Dollar figures on your own price come with the {dollarsPlan}.</p>
      ) : null}

      <PlanRefusal refusal={refusal} testId="add-item-refusal" />
      <SubmitButton disabled={isSubmitting} className="w-full sm:w-auto sm:justify-self-start">
        {isSubmitting ? <Loader2 aria-hidden className="animate-spin" /> : null}
        Watch item
      </SubmitButton>
    </form>
  );
}

/**
 * The 249 countries of "Made in", drawn in the browser once the page has hydrated: they are
 * the same for everyone, so the server does not render them into every page (docs/performance.md,
 * "Pickers filled in the browser"). Until then the field offers "Not known", and the form
 * cannot be sent (its button waits for hydration, docs/experience.md).
 */
function CountryOptions() {
  const hydrated = useHydrated();
  if (!hydrated) return null;
  return COUNTRIES_BY_NAME.map((c) => (
    <option key={c.code} value={c.code}>
      {c.name}
    </option>
  ));
}
