"use client";

import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { useSWRConfig } from "swr";
import { LoaderCircle, Mail } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
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
import { NEWSLETTER_STATS_KEY } from "./newsletter-stats";

const errorId = "newsletter-email-error";

export const NEWSLETTER_SUCCESS_TITLE = "Welcome to TariffWatch! 🎉";

function failed(description?: string) {
  toast({
    title: NEWSLETTER_FAILURE_TITLE,
    description: description ?? NEWSLETTER_FAILURE_FALLBACK,
    variant: "destructive",
  });
}

/** Newsletter signup: POST /api/newsletter {email}; toasts the result and refreshes the live count. */
export function NewsletterForm() {
  const { mutate } = useSWRConfig();
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<NewsletterSignupInput, unknown, NewsletterSignup>({
    resolver: zodResolver(newsletterSignupSchema),
    defaultValues: { email: "" },
  });

  const onSubmit = async (values: NewsletterSignup) => {
    try {
      const data = await postJson<{ message?: string }>("/api/newsletter", { email: values.email });
      toast({
        title: NEWSLETTER_SUCCESS_TITLE,
        description: data.message || NEWSLETTER_SUCCESS_FALLBACK,
        variant: "success",
      });
      reset();
      void mutate(NEWSLETTER_STATS_KEY);
    } catch (error) {
      const apiError = error instanceof ApiError ? error : null;
      failed(apiError?.message || undefined);
      const emailError = apiError?.errors.email;
      if (emailError) setError("email", { type: "server", message: emailError }, { shouldFocus: true });
    }
  };

  const emailError = errors.email?.message;

  return (
    <form
      noValidate
      onSubmit={handleSubmit(onSubmit)}
      data-testid="newsletter-form"
      aria-label="Newsletter signup"
      className="mx-auto mt-8 flex max-w-xl flex-col gap-3 sm:flex-row sm:items-start"
    >
      <div className="flex-1 text-left">
        <Label htmlFor="newsletter-email" className="sr-only">
          Email address
        </Label>
        <div className="relative">
          <Mail
            aria-hidden
            className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-slate-500"
          />
          <Input
            id="newsletter-email"
            type="email"
            inputMode="email"
            autoComplete="email"
            placeholder="Enter your email address"
            className="h-12 pl-9 text-base md:text-base"
            aria-invalid={emailError ? true : undefined}
            aria-describedby={emailError ? errorId : undefined}
            data-testid="newsletter-email"
            {...register("email")}
          />
        </div>
        {emailError ? (
          <p
            id={errorId}
            role="alert"
            className="mt-2 text-sm font-medium text-destructive"
            data-testid="newsletter-email-error"
          >
            {emailError}
          </p>
        ) : null}
      </div>
      <Button type="submit" size="lg" disabled={isSubmitting} data-testid="newsletter-submit" className="sm:w-36">
        {isSubmitting ? (
          <>
            <LoaderCircle aria-hidden className="motion-safe:animate-spin" />
            Subscribing...
          </>
        ) : (
          "Subscribe"
        )}
      </Button>
    </form>
  );
}
