"use client";

import * as React from "react";
import { useDeferredForm } from "@/components/forms/use-deferred-form";
import type { NewsletterForm } from "./newsletter-form";
import { NewsletterFormView } from "./newsletter-form-view";

const loadForm = () => import("./newsletter-form").then((m) => m.NewsletterForm as typeof NewsletterForm);
const readEmail = (form: HTMLFormElement | null) => {
  const input = form?.elements.namedItem("email");
  return input instanceof HTMLInputElement ? input.value : "";
};

/**
 * The newsletter form, loaded when it is needed: a placeholder with the same markup is
 * shown first, and the full form (validation with zod and react-hook-form) is fetched when
 * the section comes near the screen or the visitor touches the form; nothing typed or
 * pressed meanwhile is lost (components/forms/use-deferred-form.ts, docs/performance.md).
 */
export function NewsletterSignup() {
  const { loaded, load, formRef, placeholderProps } = useDeferredForm(loadForm, readEmail);

  React.useEffect(() => {
    const form = formRef.current;
    if (!form || typeof IntersectionObserver === "undefined") return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) {
          observer.disconnect();
          load();
        }
      },
      { rootMargin: "400px 0px" },
    );
    observer.observe(form);
    return () => observer.disconnect();
  }, [formRef, load]);

  if (loaded) {
    const { Form, handoff } = loaded;
    return <Form initialEmail={handoff.values} submitOnMount={handoff.submit} autoFocus={handoff.focus === "email"} />;
  }
  return <NewsletterFormView formProps={{ ref: formRef, ...placeholderProps }} inputProps={{ name: "email" }} />;
}
