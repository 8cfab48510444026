"use client";

import * as React from "react";

const noSubscription = () => () => undefined;

/**
 * False on the server and while React hydrates the server's HTML, true from the render after.
 * A control that only works with JavaScript (a dialog trigger, a player) is disabled until then,
 * so a press made while the page's scripts load is not silently lost (docs/experience.md,
 * "Pressing before the page is ready").
 */
export function useHydrated(): boolean {
  return React.useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}
