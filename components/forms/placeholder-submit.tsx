"use client";

import type * as React from "react";
import { useHydrated } from "@/components/ui/use-hydrated";

/**
 * The submit button of a deferred form's placeholder (components/forms/use-deferred-form.ts):
 * disabled until the page has hydrated, like SubmitButton, but a plain `<button>` whose
 * classes are merged on the server (buttonClassName), so the placeholder ships no class
 * merging. Before hydration the browser would submit the placeholder itself, as a GET to the
 * page with the typed name and email in its address, and the page would reload empty (a CI
 * run lost a free-trial signup that way). From hydration on, a press is caught by the
 * placeholder's wrapper and carried out by the full form (docs/experience.md, "Pressing
 * before the page is ready").
 */
export function PlaceholderSubmit(props: Omit<React.ComponentProps<"button">, "type" | "disabled">) {
  const hydrated = useHydrated();
  return <button type="submit" data-slot="button" disabled={!hydrated} {...props} />;
}
