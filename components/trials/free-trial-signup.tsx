"use client";

import * as React from "react";
import type { FreeTrialForm } from "./free-trial-form";
import { TrialFormView, type TrialField } from "./free-trial-form-view";

type Loaded = {
  Form: typeof FreeTrialForm;
  initial: Record<TrialField, string>;
  submit: boolean;
  focus: TrialField | undefined;
};

const FIELDS: readonly TrialField[] = ["firstName", "lastName", "email"];

/**
 * The free-trial form, loaded just after the page: a placeholder with the same markup
 * shows at once, and the full form (zod + react-hook-form) arrives when the browser is idle
 * after the page has loaded, or as soon as the visitor touches the form. What was typed is
 * kept and a press on the button before then is carried out (docs/performance.md).
 */
export function FreeTrialSignup() {
  const formRef = React.useRef<HTMLFormElement>(null);
  const submitRequested = React.useRef(false);
  const started = React.useRef(false);
  const [loaded, setLoaded] = React.useState<Loaded | null>(null);

  const load = React.useCallback(() => {
    if (started.current) return;
    started.current = true;
    void import("./free-trial-form").then((m) => {
      const form = formRef.current;
      const initial = { firstName: "", lastName: "", email: "" };
      let focus: TrialField | undefined;
      for (const name of FIELDS) {
        const input = form?.elements.namedItem(name);
        if (input instanceof HTMLInputElement) {
          initial[name] = input.value;
          if (document.activeElement === input) focus = name;
        }
      }
      setLoaded({ Form: m.FreeTrialForm, initial, submit: submitRequested.current, focus });
    });
  }, []);

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
    const { Form } = loaded;
    return <Form initial={loaded.initial} submitOnMount={loaded.submit} focusField={loaded.focus} />;
  }
  return (
    <TrialFormView
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
      inputProps={{ firstName: { name: "firstName" }, lastName: { name: "lastName" }, email: { name: "email" } }}
    />
  );
}
