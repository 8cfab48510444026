"use client";

import { Button, type ButtonProps } from "@/components/ui/button";
import { useHydrated } from "@/components/ui/use-hydrated";

/**
 * The submit button of a form that only works with JavaScript (React's `onSubmit`): disabled
 * until the page has hydrated. Before then the browser would submit the form itself, as a GET
 * to the page with the typed fields in its address (a password among them on the admin
 * sign-in), and what was typed would be lost. While the button is disabled, neither a click nor
 * Enter in a field submits (HTML's implicit submission needs an enabled default button);
 * Playwright, like a person, waits for it (docs/experience.md, "Pressing before the page is
 * ready").
 */
export function SubmitButton({ disabled, ...props }: Omit<ButtonProps, "type" | "asChild">) {
  const hydrated = useHydrated();
  return <Button type="submit" disabled={!hydrated || disabled} {...props} />;
}
