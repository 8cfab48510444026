"use client";

import * as React from "react";
import { useRouter } from "next/navigation";
import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { z } from "zod";
import { Loader2 } from "lucide-react";
import { Field } from "@/components/forms/field";
import { SubmitButton } from "@/components/forms/submit-button";
import { toast } from "@/components/ui/use-toast";
import { MESSAGES } from "@/lib/watchlist/schema";
import { ApiError, sendJson } from "@/lib/http/client";
import { CategoriesFailed, CategoryOptions, useCategoryOptions } from "./category-options";
import { PlanRefusal } from "./watch-form-parts";
import { Select } from "./select";

const schema = z.object({ categoryId: z.string().min(1, { error: MESSAGES.categoryId }) });
type Values = z.infer<typeof schema>;

/**
 * Watch a whole category (POST /api/watchlist {categoryId}). The categories come from
 * useCategoryOptions; the page passes only the ones this subscriber already watches, shown
 * "(watched)" and not offered again.
 */
export function AddCategoryForm({ watchedIds }: { watchedIds: string[] }) {
  const router = useRouter();
  const { categories, loading, failed } = useCategoryOptions();
  const [refusal, setRefusal] = React.useState<string | null>(null);
  const form = useForm<Values>({ resolver: zodResolver(schema), defaultValues: { categoryId: "" } });
  const { errors, isSubmitting } = form.formState;
  const watched = new Set(watchedIds);

  const onSubmit = async (values: Values) => {
    setRefusal(null);
    try {
      await sendJson("POST", "/api/watchlist", { kind: "category", categoryId: values.categoryId });
      const name = categories.find((c) => c.id === values.categoryId)?.name ?? "Category";
      toast({ title: "Added to your watchlist", description: `${name} is on your watchlist.`, variant: "success" });
      form.reset({ categoryId: "" });
      router.refresh();
    } catch (error) {
      const e = error instanceof ApiError ? error : null;
      if (e?.errors.categoryId) form.setError("categoryId", { message: e.errors.categoryId });
      else setRefusal(e?.message || "Could not add the category. Please try again.");
    }
  };

  return (
    <form noValidate onSubmit={form.handleSubmit(onSubmit)} className="grid grid-cols-1 gap-4" data-testid="add-category-form" aria-label="Watch a category">
      <Field id="add-category" label="Category" error={errors.categoryId?.message}>
        {(a11y) => (
          <Select {...a11y} aria-busy={loading} {...form.register("categoryId")}>
            <option value="">Choose a category…</option>
            <CategoryOptions categories={categories} watched={watched} />
          </Select>
        )}
      </Field>
      <CategoriesFailed failed={failed} />
      <PlanRefusal refusal={refusal} testId="add-category-refusal" />
      <SubmitButton disabled={isSubmitting} className="w-full sm:w-auto sm:justify-self-start">
        {isSubmitting ? <Loader2 aria-hidden className="animate-spin" /> : null}
        Watch category
      </SubmitButton>
    </form>
  );
}
