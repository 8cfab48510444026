"use client";

import * as React from "react";
import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { toast } from "@/components/ui/use-toast";
import { ApiError, postJson } from "@/lib/http/client";
import {
  NEWSLETTER_FAILURE_FALLBACK,
  NEWSLETTER_FAILURE_TITLE,
  NEWSLETTER_SUCCESS_FALLBACK,
  newsletterSignupSchema,
  type NewsletterSignup,
  type NewsletterSignupInput,
} from "@/lib/newsletter/schema";
import { NewsletterFormView } from "./newsletter-form-view";
import { refreshLiveData } from "./live-data";
import { NEWSLETTER_STATS_KEY } from "./newsletter-stats";

export const NEWSLETTER_SUCCESS_TITLE = "Welcome to TariffWatch! 🎉";

function failed(description?: string) {
  toast({
    title: NEWSLETTER_FAILURE_TITLE,
    description: description ?? NEWSLETTER_FAILURE_FALLBACK,
    variant: "destructive",
  });
}

/** Newsletter signup: POST /api/newsletter {email}; toasts the result and refreshes the live count. */
export function NewsletterForm({
  initialEmail = "",
  submitOnMount = false,
  autoFocus = false,
}: { initialEmail?: string; submitOnMount?: boolean; autoFocus?: boolean } = {}) {
  const {
    register,
    handleSubmit,
    reset,
    setError,
    setFocus,
    formState: { errors, isSubmitting },
  } = useForm<NewsletterSignupInput, unknown, NewsletterSignup>({
    resolver: zodResolver(newsletterSignupSchema),
    defaultValues: { email: initialEmail },
  });

  const onSubmit = React.useCallback(async (values: NewsletterSignup) => {
    try {
      const data = await postJson<{ message?: string }>("/api/newsletter", { email: values.email });
      toast({
        title: NEWSLETTER_SUCCESS_TITLE,
        description: data.message || NEWSLETTER_SUCCESS_FALLBACK,
        variant: "success",
      });
      reset({ email: "" });
      refreshLiveData(NEWSLETTER_STATS_KEY);
    } catch (error) {
      const apiError = error instanceof ApiError ? error : null;
      failed(apiError?.message || undefined);
      const emailError = apiError?.errors.email;
      if (emailError) setError("email", { type: "server", message: emailError }, { shouldFocus: true });
    }
  }, [reset, setError]);

  // Arriving from the placeholder form: keep what was typed, and send it if Subscribe was pressed.
  const arrived = React.useRef(false);
  React.useEffect(() => {
    if (arrived.current) return;
    arrived.current = true;
    if (submitOnMount) void handleSubmit(onSubmit)();
    else if (autoFocus) setFocus("email");
  }, [autoFocus, handleSubmit, onSubmit, setFocus, submitOnMount]);

  return (
    <NewsletterFormView
      formProps={{ onSubmit: handleSubmit(onSubmit) }}
      inputProps={register("email")}
      error={errors.email?.message}
      pending={isSubmitting}
    />
  );
}
