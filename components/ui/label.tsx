import * as React from "react";
import { cn } from "@/lib/utils";

/**
 * A form label: a native `<label>`, rendered on the server, so a form's labels ship no
 * JavaScript (docs/performance.md, "Deferred forms"). Radix's Label added only one thing, that
 * a double click on the label does not select its text.
 */
export function Label({ className, ...props }: React.ComponentProps<"label">) {
  return <label className={cn("text-sm font-medium leading-none", className)} {...props} />;
}
