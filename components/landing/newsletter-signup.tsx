"use client";

import * as React from "react";
import type { NewsletterForm } from "./newsletter-form";
import { NewsletterFormView } from "./newsletter-form-view";

type Loaded = { Form: typeof NewsletterForm; email: string; submit: boolean; focus: boolean };

/**
 * The newsletter form, loaded when it is needed: a placeholder with the same markup is
 * shown first, and the full form (validation with zod and react-hook-form) is fetched when
 * the section comes near the screen or the visitor touches the form. What was typed is
 * kept, and a press on Subscribe before the form arrived is carried out when it does.
 * This keeps the landing page's first load light (docs/performance.md).
 */
export function NewsletterSignup() {
  const formRef = React.useRef<HTMLFormElement>(null);
  const submitRequested = React.useRef(false);
  const started = React.useRef(false);
  const [loaded, setLoaded] = React.useState<Loaded | null>(null);

  const load = React.useCallback(() => {
    if (started.current) return;
    started.current = true;
    void import("./newsletter-form").then((m) => {
      const input = formRef.current?.elements.namedItem("email");
      const field = input instanceof HTMLInputElement ? input : null;
      setLoaded({
        Form: m.NewsletterForm,
        email: field?.value ?? "",
        submit: submitRequested.current,
        focus: field !== null && document.activeElement === field,
      });
    });
  }, []);

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
  }, [load]);

  if (loaded) {
    const { Form } = loaded;
    return <Form initialEmail={loaded.email} submitOnMount={loaded.submit} autoFocus={loaded.focus} />;
  }
  return (
    <NewsletterFormView
      formProps={{
        ref: formRef,
        onFocus: load,
        onPointerEnter: load,
        onSubmit: (event) => {
          event.preventDefault();
          submitRequested.current = true;
          load();
        },
      }}
      inputProps={{ name: "email" }}
    />
  );
}
