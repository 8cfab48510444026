"use client";

import * as React from "react";
import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { MailCheck } from "lucide-react";
import { toast } from "@/components/ui/use-toast";
import { postJson } from "@/lib/http/client";
import { ebookSignupSchema, type EbookSignup, type EbookSignupInput } from "@/lib/ebook/signup-schema";
import { PreviewSignupView, SIGNUP_FAILURE, SIGNUP_SUCCESS } from "./preview-signup-view";

/**
 * The free-preview signup (docs/product-rules.md §4, §5, §8): name and email checked in the browser
 * with the shared schema, then POST /api/ebook-email-signup. idle -> submitting ('Sending...',
 * disabled) -> success (form reset and hidden, success toast) or failure (error toast, the
 * form stays). Any non-2xx answer is a failure; the answer's content is not read.
 * `initial`, `submitOnMount`, `autoFocus`: what the placeholder form handed over (preview-signup.tsx).
 */
export function PreviewSignupForm({
  initial = { name: "", email: "", marketingOptIn: false },
  submitOnMount = false,
  autoFocus,
}: { initial?: EbookSignupInput; submitOnMount?: boolean; autoFocus?: string } = {}) {
  const [done, setDone] = React.useState(false);
  const form = useForm<EbookSignupInput, unknown, EbookSignup>({
    resolver: zodResolver(ebookSignupSchema),
    defaultValues: initial,
  });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = React.useCallback(
    async (values: EbookSignup) => {
      try {
        await postJson<unknown>("/api/ebook-email-signup", { name: values.name, email: values.email, marketingOptIn: values.marketingOptIn });
      } catch {
        toast({ title: SIGNUP_FAILURE.title, description: SIGNUP_FAILURE.description, variant: "destructive" });
        return;
      }
      form.reset();
      setDone(true);
      toast({ title: SIGNUP_SUCCESS.title, description: SIGNUP_SUCCESS.description, variant: "success" });
    },
    [form],
  );

  // Arriving from the placeholder form: keep what was typed, and send it if the button was pressed.
  const arrived = React.useRef(false);
  React.useEffect(() => {
    if (arrived.current) return;
    arrived.current = true;
    if (submitOnMount) void form.handleSubmit(onSubmit)();
    else if (autoFocus === "name" || autoFocus === "email") form.setFocus(autoFocus);
  }, [autoFocus, form, onSubmit, submitOnMount]);

  if (done) return <PreviewSignupDone />;
  return (
    <PreviewSignupView
      formProps={{ onSubmit: form.handleSubmit(onSubmit) }}
      nameProps={form.register("name")}
      emailProps={form.register("email")}
      marketingProps={form.register("marketingOptIn")}
      errors={{ name: errors.name?.message, email: errors.email?.message }}
      pending={isSubmitting}
    />
  );
}

/** What replaces the form once the signup went through; its heading takes focus. */
function PreviewSignupDone() {
  const heading = React.useRef<HTMLHeadingElement>(null);
  React.useEffect(() => heading.current?.focus(), []);
  return (
    <div data-testid="preview-signup-done" className="grid justify-items-center gap-3 rounded-xl border border-green-300 bg-green-50 p-6 text-center">
      <MailCheck aria-hidden className="size-10 text-success" />
      <h3 ref={heading} tabIndex={-1} className="text-xl font-bold text-green-950">
        You&apos;re signed up for the free preview
      </h3>
      <p className="text-sm text-green-950">
        Watch your inbox for the link to chapters 1-3. It may take a few minutes; check your spam folder if it does not arrive.
      </p>
    </div>
  );
}
