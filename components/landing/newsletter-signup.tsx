"use client";

import * as React from "react";
import { fieldValue, useDeferredForm } from "@/components/forms/use-deferred-form";
import { whenNearScreen } from "@/components/ui/near-screen";
import type { NewsletterForm } from "./newsletter-form";

const loadForm = () => import("./newsletter-form").then((m) => m.NewsletterForm as typeof NewsletterForm);
const readEmail = (root: HTMLElement | null) => fieldValue(root, "email");

/**
 * The newsletter form, loaded when it is needed: the placeholder (`children`, the same
 * markup rendered on the server) is shown first, and the full form (validation with zod and
 * react-hook-form) is fetched when the section comes near the screen or the visitor touches
 * the form; nothing typed or pressed meanwhile is lost (components/forms/use-deferred-form.ts,
 * docs/performance.md).
 */
export function NewsletterSignup({ children }: { children: React.ReactNode }) {
  const { loaded, load, rootRef, placeholderProps } = useDeferredForm(loadForm, readEmail);

  React.useEffect(() => {
    // The wrapper has no box of its own (display: contents): watch the form inside it.
    const form = rootRef.current?.firstElementChild;
    if (!form) return;
    return whenNearScreen(form, "400px 0px", load);
  }, [rootRef, load]);

  if (loaded) {
    const { Form, handoff } = loaded;
    return <Form initialEmail={handoff.values} submitOnMount={handoff.submit} autoFocus={handoff.focus === "email"} />;
  }
  return (
    <div ref={rootRef} className="contents" {...placeholderProps}>
      {children}
    </div>
  );
}
