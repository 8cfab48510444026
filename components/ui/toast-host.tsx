"use client";

import * as React from "react";
import dynamic from "next/dynamic";
import { rememberInteraction } from "./toast-placement";
import { useToasts } from "./use-toast";

// The toast viewport (Radix Toast) is only needed once something is announced: load it
// then, instead of shipping it with every page.
const Toaster = dynamic(() => import("./toaster").then((m) => m.Toaster), { ssr: false });

/**
 * Mounts the Toaster on the first toast and keeps it mounted afterwards. Meanwhile it
 * notes what the visitor presses or focuses, so a toast can stay clear of the form it
 * reports on (components/ui/toast-placement.ts).
 */
export function ToastHost() {
  const toasts = useToasts();
  React.useEffect(() => {
    const note = (event: Event) => rememberInteraction(event.target);
    document.addEventListener("pointerdown", note, true);
    document.addEventListener("focusin", note, true);
    return () => {
      document.removeEventListener("pointerdown", note, true);
      document.removeEventListener("focusin", note, true);
    };
  }, []);
  const [needed, setNeeded] = React.useState(false);
  if (toasts.length > 0 && !needed) setNeeded(true);
  return needed ? <Toaster /> : null;
}
