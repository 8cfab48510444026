import * as React from "react";
import { cn } from "@/lib/utils";

/** The field's classes with `className` merged in: for a client part that gets its classes from the server. */
export function inputClassName(className?: string): string {
  return cn(
    "flex h-10 w-full rounded-md border border-input bg-background px-3 py-2 text-base text-foreground placeholder:text-slate-500 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring disabled:cursor-not-allowed disabled:opacity-60 aria-invalid:border-destructive md:text-sm",
    className,
  );
}

export function Input({ className, type = "text", ...props }: React.ComponentProps<"input">) {
  return <input type={type} data-slot="input" className={inputClassName(className)} {...props} />;
}
