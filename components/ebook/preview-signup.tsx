"use client";

import * as React from "react";
import { useDeferredForm } from "@/components/forms/use-deferred-form";
import type { EbookSignupInput } from "@/lib/ebook/schema";
import type { PreviewSignupForm } from "./preview-signup-form";
import { PreviewSignupView } from "./preview-signup-view";

export { SIGNUP_FAILURE, SIGNUP_SUCCESS } from "./preview-signup-view";

const loadForm = () => import("./preview-signup-form").then((m) => m.PreviewSignupForm as typeof PreviewSignupForm);
const readValues = (form: HTMLFormElement | null): EbookSignupInput => {
  const value = (name: string) => {
    const input = form?.elements.namedItem(name);
    return input instanceof HTMLInputElement ? input.value : "";
  };
  return { name: value("name"), email: value("email") };
};

/**
 * The free-preview signup, loaded when it is needed (issue 16 item 6, docs/performance.md):
 * a placeholder with the same markup is shown first, and the full form (validation with
 * zod and react-hook-form) is fetched when the browser is idle after load or the visitor
 * touches the form; nothing typed or pressed meanwhile is lost
 * (components/forms/use-deferred-form.ts).
 */
export function PreviewSignup() {
  const { loaded, load, formRef, placeholderProps } = useDeferredForm(loadForm, readValues);

  React.useEffect(() => {
    if (typeof window.requestIdleCallback !== "function") {
      const timer = setTimeout(load, 2_000);
      return () => clearTimeout(timer);
    }
    const idle = window.requestIdleCallback(load, { timeout: 5_000 });
    return () => window.cancelIdleCallback(idle);
  }, [load]);

  if (loaded) {
    const { Form, handoff } = loaded;
    return <Form initial={handoff.values} submitOnMount={handoff.submit} autoFocus={handoff.focus} />;
  }
  return <PreviewSignupView formProps={{ ref: formRef, ...placeholderProps }} nameProps={{ name: "name" }} emailProps={{ name: "email" }} />;
}
