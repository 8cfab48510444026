"use client";

import * as React from "react";
import { fieldValue, useDeferredForm } from "@/components/forms/use-deferred-form";
import type { EbookSignupInput } from "@/lib/ebook/signup-schema";
import type { PreviewSignupForm } from "./preview-signup-form";

const loadForm = () => import("./preview-signup-form").then((m) => m.PreviewSignupForm as typeof PreviewSignupForm);
const readValues = (root: HTMLElement | null): EbookSignupInput => ({ name: fieldValue(root, "name"), email: fieldValue(root, "email") });

/**
 * The free-preview signup, loaded when it is needed (issue 16 item 6, docs/performance.md):
 * the placeholder (`children`, the same markup rendered on the server) is shown first, and the full form (validation with
 * zod and react-hook-form) is fetched when the browser is idle after load or the visitor
 * touches the form; nothing typed or pressed meanwhile is lost
 * (components/forms/use-deferred-form.ts).
 */
export function PreviewSignup({ children }: { children: React.ReactNode }) {
  const { loaded, load, rootRef, placeholderProps } = useDeferredForm(loadForm, readValues);

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
  return (
    <div ref={rootRef} className="contents" {...placeholderProps}>
      {children}
    </div>
  );
}
