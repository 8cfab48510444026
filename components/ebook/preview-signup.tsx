"use client";

import * as React from "react";
import { fieldChecked, fieldValue, useDeferredForm } from "@/components/forms/use-deferred-form";
import type { EbookSignupInput } from "@/lib/ebook/signup-schema";
import type { PreviewSignupForm } from "./preview-signup-form";

const loadForm = () => import("./preview-signup-form").then((m) => m.PreviewSignupForm as typeof PreviewSignupForm);
const readValues = (root: HTMLElement | null): EbookSignupInput => ({
  name: fieldValue(root, "name"),
  email: fieldValue(root, "email"),
  marketingOptIn: fieldChecked(root, "marketingOptIn"),
});

/**
 * The free-preview signup, loaded when it is needed (docs/performance.md): the placeholder
 * (`children`, the same markup rendered on the server) is shown first, and the full form
 * (validation with zod and react-hook-form) is fetched when the visitor touches the form (a
 * pointer over it, a field focused, a press): a visitor who only reads the page never runs
 * its code. Nothing typed or pressed meanwhile is lost (components/forms/use-deferred-form.ts;
 * docs/performance.md "Forms loaded on touch").
 */
export function PreviewSignup({ children }: { children: React.ReactNode }) {
  const { loaded, rootRef, placeholderProps } = useDeferredForm(loadForm, readValues);

  if (loaded) {
    const { Form, handoff } = loaded;
    return <Form initial={handoff.values} submitOnMount={handoff.submit} autoFocus={handoff.focus} />;
  }
  return (
    <div ref={rootRef} className="contents" {...placeholderProps}>
      {children}
    </div>
  );
}
