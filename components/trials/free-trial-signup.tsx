"use client";

import * as React from "react";
import { fieldValue, useDeferredForm } from "@/components/forms/use-deferred-form";
import type { FreeTrialForm } from "./free-trial-form";
import type { TrialField } from "./free-trial-form-view";

const FIELDS: readonly TrialField[] = ["firstName", "lastName", "email"];

const loadForm = () => import("./free-trial-form").then((m) => m.FreeTrialForm as typeof FreeTrialForm);
const readFields = (root: HTMLElement | null): Record<TrialField, string> => ({
  firstName: fieldValue(root, "firstName"),
  lastName: fieldValue(root, "lastName"),
  email: fieldValue(root, "email"),
});

/**
 * The free-trial form: the placeholder (`children`, the same markup rendered on the server)
 * shows at once, and the full form
 * (zod + react-hook-form) arrives when the browser is idle after the page has loaded, or as
 * soon as the visitor touches the form; nothing typed or pressed meanwhile is lost
 * (components/forms/use-deferred-form.ts, docs/performance.md).
 */
export function FreeTrialSignup({ children }: { children: React.ReactNode }) {
  const { loaded, load, rootRef, placeholderProps } = useDeferredForm(loadForm, readFields);

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
    <div ref={rootRef} className="contents" {...placeholderProps}>
      {children}
    </div>
  );
}
