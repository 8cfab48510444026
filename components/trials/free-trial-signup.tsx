"use client";

import * as React from "react";
import { useDeferredForm } from "@/components/forms/use-deferred-form";
import type { FreeTrialForm } from "./free-trial-form";
import { TrialFormView, type TrialField } from "./free-trial-form-view";

const FIELDS: readonly TrialField[] = ["firstName", "lastName", "email"];

const loadForm = () => import("./free-trial-form").then((m) => m.FreeTrialForm as typeof FreeTrialForm);
const readFields = (form: HTMLFormElement | null): Record<TrialField, string> => {
  const values = { firstName: "", lastName: "", email: "" };
  for (const name of FIELDS) {
    const input = form?.elements.namedItem(name);
    if (input instanceof HTMLInputElement) values[name] = input.value;
  }
  return values;
};

/**
 * The free-trial form: a placeholder with the same markup shows at once, and the full form
 * (zod + react-hook-form) arrives when the browser is idle after the page has loaded, or as
 * soon as the visitor touches the form; nothing typed or pressed meanwhile is lost
 * (components/forms/use-deferred-form.ts, docs/performance.md).
 */
export function FreeTrialSignup() {
  const { loaded, load, formRef, placeholderProps } = useDeferredForm(loadForm, readFields);

  React.useEffect(() => {
    const whenIdle = () => {
      if ("requestIdleCallback" in window) window.requestIdleCallback(load, { timeout: 2000 });
      else setTimeout(load, 200);
    };
    if (document.readyState === "complete") whenIdle();
    else window.addEventListener("load", whenIdle, { once: true });
    return () => window.removeEventListener("load", whenIdle);
  }, [load]);

  if (loaded) {
    const { Form, handoff } = loaded;
    const focus = FIELDS.find((f) => f === handoff.focus);
    return <Form initial={handoff.values} submitOnMount={handoff.submit} focusField={focus} />;
  }
  return (
    <TrialFormView
      formProps={{ ref: formRef, ...placeholderProps }}
      inputProps={{ firstName: { name: "firstName" }, lastName: { name: "lastName" }, email: { name: "email" } }}
    />
  );
}
