"use client";

import * as React from "react";
import { fieldChecked, fieldValue, useDeferredForm } from "@/components/forms/use-deferred-form";
import type { FreeTrialForm } from "./free-trial-form";
import type { TrialField, TrialValues } from "./free-trial-form-view";

const FIELDS: readonly TrialField[] = ["firstName", "lastName", "email"];

const loadForm = () => import("./free-trial-form").then((m) => m.FreeTrialForm as typeof FreeTrialForm);
const readFields = (root: HTMLElement | null): TrialValues => ({
  firstName: fieldValue(root, "firstName"),
  lastName: fieldValue(root, "lastName"),
  email: fieldValue(root, "email"),
  marketingOptIn: fieldChecked(root, "marketingOptIn"),
});

/**
 * The free-trial form: the placeholder (`children`, the same markup rendered on the server)
 * shows at once, and the full form (zod + react-hook-form) is fetched when the visitor
 * touches the form (a pointer over it, a field focused, a press): a visitor who only reads
 * the page never runs its code. Nothing typed or pressed meanwhile is lost
 * (components/forms/use-deferred-form.ts; docs/performance.md "Forms loaded on touch").
 */
export function FreeTrialSignup({ children }: { children: React.ReactNode }) {
  const { loaded, rootRef, placeholderProps } = useDeferredForm(loadForm, readFields);

  if (loaded) {
    const { Form, handoff } = loaded;
    const focus = FIELDS.find((f) => f === handoff.focus);
    return <Form initial={handoff.values} submitOnMount={handoff.submit} focusField={focus} />;
  }
  return (
    <div ref={rootRef} className="contents" {...placeholderProps}>
      {children}
    </div>
  );
}
