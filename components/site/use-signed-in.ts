"use client";

import * as React from "react";
import { CLEAR_SIGNED_IN_HINT, hasSignedInHint } from "@/lib/accounts/signed-in-hint";

/**
 * Whether this browser holds the signed-in hint (lib/accounts/signed-in-hint.ts): what the
 * prerendered header and menu use to show a subscriber's links. The server (and the first,
 * hydrating render) always says "visitor", so one prerendered page serves everyone; the
 * browser then reads its cookie. Read again when the window regains focus or visibility
 * (a sign-in or sign-out in another tab) and when `forgetSignedInHint` clears it here.
 * A hint says nothing about who, and grants nothing: each link's page checks the session.
 */
const listeners = new Set<() => void>();

function subscribe(onChange: () => void): () => void {
  listeners.add(onChange);
  window.addEventListener("focus", onChange);
  document.addEventListener("visibilitychange", onChange);
  return () => {
    listeners.delete(onChange);
    window.removeEventListener("focus", onChange);
    document.removeEventListener("visibilitychange", onChange);
  };
}

const snapshot = () => hasSignedInHint(document.cookie);
const serverSnapshot = () => false;

export function useSignedInHint(): boolean {
  return React.useSyncExternalStore(subscribe, snapshot, serverSnapshot);
}

/** Clears the hint in this browser (a stale one: the server found no session) and tells every reader. */
export function forgetSignedInHint(): void {
  if (!hasSignedInHint(document.cookie)) return;
  document.cookie = `${CLEAR_SIGNED_IN_HINT}${window.location.protocol === "https:" ? "; Secure" : ""}`;
  for (const listener of listeners) listener();
}
