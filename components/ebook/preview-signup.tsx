"use client";

import * as React from "react";
import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { Gift, Loader2, MailCheck } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { toast } from "@/components/ui/use-toast";
import { Field } from "@/components/forms/field";
import { postJson } from "@/lib/http/client";
import { ebookSignupSchema, type EbookSignup, type EbookSignupInput } from "@/lib/ebook/schema";

export const SIGNUP_SUCCESS = { title: "Success!", description: "You'll receive your free preview chapters shortly." } as const;
export const SIGNUP_FAILURE = { title: "Error", description: "Failed to sign up. Please try again." } as const;

/**
 * The free-preview signup (docs/product-rules.md §4, §5, §8): name and email checked in the browser
 * with the shared schema, then POST /api/ebook-email-signup. idle -> submitting ('Sending...',
 * disabled) -> success (form reset and hidden, success toast) or failure (error toast, the
 * form stays). Any non-2xx answer is a failure; the answer's content is not read.
 */
export function PreviewSignup() {
  const [done, setDone] = React.useState(false);
  const doneHeading = React.useRef<HTMLHeadingElement>(null);
  const form = useForm<EbookSignupInput, unknown, EbookSignup>({
    resolver: zodResolver(ebookSignupSchema),
    defaultValues: { name: "", email: "" },
  });
  const { errors, isSubmitting } = form.formState;

  React.useEffect(() => {
    if (done) doneHeading.current?.focus();
  }, [done]);

  async function onSubmit(values: EbookSignup) {
    try {
      await postJson<unknown>("/api/ebook-email-signup", { name: values.name, email: values.email });
    } catch {
      toast({ title: SIGNUP_FAILURE.title, description: SIGNUP_FAILURE.description, variant: "destructive" });
      return;
    }
    form.reset();
    setDone(true);
    toast({ title: SIGNUP_SUCCESS.title, description: SIGNUP_SUCCESS.description, variant: "success" });
  }

  if (done) {
    return (
      <div data-testid="preview-signup-done" className="grid justify-items-center gap-3 rounded-xl border border-green-300 bg-green-50 p-6 text-center">
        <MailCheck aria-hidden className="size-10 text-success" />
        <h3 ref={doneHeading} tabIndex={-1} className="text-xl font-bold text-green-950">
          You&apos;re signed up for the free preview
        </h3>
        <p className="text-sm text-green-950">
          Watch your inbox for the link to chapters 1-3. It may take a few minutes; check your spam folder if it does not arrive.
        </p>
      </div>
    );
  }

  return (
    <div className="rounded-xl border border-blue-200 bg-white p-6 shadow-lg">
      <div className="flex items-center gap-3">
        <Gift aria-hidden className="size-7 text-primary" />
        <h3 className="text-xl font-bold text-brand-navy">Get the first 3 chapters free</h3>
      </div>
      <p className="mt-2 text-sm text-slate-700">Enter your name and email and we&apos;ll send you a link to the free preview chapters.</p>
      <form noValidate onSubmit={form.handleSubmit(onSubmit)} className="mt-5 grid gap-4" data-testid="preview-signup-form" aria-label="Free preview signup">
        <Field id="preview-name" label="Your name" error={errors.name?.message}>
          {(a11y) => <Input autoComplete="name" {...a11y} {...form.register("name")} />}
        </Field>
        <Field id="preview-email" label="Email address" error={errors.email?.message}>
          {(a11y) => (
            <Input type="email" autoComplete="email" placeholder="you@example.com" {...a11y} {...form.register("email")} />
          )}
        </Field>
        <Button type="submit" size="lg" disabled={isSubmitting} className="w-full" data-testid="preview-signup-submit">
          {isSubmitting ? (
            <>
              <Loader2 aria-hidden className="animate-spin" /> Sending...
            </>
          ) : (
            "Send My Free Chapters"
          )}
        </Button>
        <p className="text-center text-xs text-slate-600">No payment needed.</p>
      </form>
    </div>
  );
}
