"use client";

import * as React from "react";
import dynamic from "next/dynamic";
import { useToasts } from "./use-toast";

// The toast viewport (Radix Toast) is only needed once something is announced: load it
// then, instead of shipping it with every page.
const Toaster = dynamic(() => import("./toaster").then((m) => m.Toaster), { ssr: false });

/** Mounts the Toaster on the first toast and keeps it mounted afterwards. */
export function ToastHost() {
  const toasts = useToasts();
  const [needed, setNeeded] = React.useState(false);
  if (toasts.length > 0 && !needed) setNeeded(true);
  return needed ? <Toaster /> : null;
}
