"use client";

import * as React from "react";

/**
 * What a visitor typed into a server-rendered field before React hydrated the page, or "".
 * On the server, and on a client-side navigation (no server-rendered field yet), it is "".
 */
function typedBeforeHydration(id: string): string {
  if (typeof document === "undefined") return "";
  const field = document.getElementById(id);
  return field instanceof HTMLInputElement ? field.value : "";
}

/**
 * Keeps what a visitor typed into the field `id` while the page's JavaScript was loading.
 *
 * React resets a controlled field to its state when it hydrates it, so an email typed that
 * early vanished and the next press said "Please enter a valid email address" (seen in CI on
 * /checkout-card-ultimate; docs/experience.md, "Typing before the page is ready"). The typed
 * value is read on the first render, before React touches the DOM, and handed to `apply`
 * (the field's setter) in a layout effect, before the first paint. Starting the state from it
 * instead would not do: hydration keeps the server's attributes, so a button disabled for an
 * empty field would stay disabled.
 */
export function useTypedBeforeHydration(id: string, apply: (value: string) => void): void {
  const [early] = React.useState(() => typedBeforeHydration(id));
  const applyRef = React.useRef(apply);
  React.useLayoutEffect(() => {
    if (early) applyRef.current(early);
  }, [early]);
}
