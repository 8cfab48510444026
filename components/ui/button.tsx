import * as React from "react";
import { Slot } from "radix-ui";
import { cva, type VariantProps } from "class-variance-authority";
import { cn } from "@/lib/utils";

export const buttonVariants = cva(
  "inline-flex items-center justify-center gap-2 whitespace-nowrap rounded-md text-sm font-semibold transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring disabled:pointer-events-none disabled:opacity-60 [&_svg]:size-4 [&_svg]:shrink-0",
  {
    variants: {
      variant: {
        default: "bg-primary text-primary-foreground hover:bg-blue-800",
        destructive: "bg-destructive text-destructive-foreground hover:bg-red-800",
        success: "bg-success text-success-foreground hover:bg-green-800",
        outline: "border border-input bg-background hover:bg-muted",
        secondary: "bg-secondary text-secondary-foreground hover:bg-slate-300",
        ghost: "hover:bg-muted",
        link: "text-primary underline-offset-4 hover:underline",
        inverse: "bg-white text-brand-navy hover:bg-blue-50",
      },
      size: {
        default: "h-10 px-4 py-2",
        sm: "h-9 px-3",
        lg: "h-12 px-6 text-base",
        icon: "size-10",
      },
    },
    defaultVariants: { variant: "default", size: "default" },
  },
);

export type ButtonProps = React.ComponentProps<"button"> &
  VariantProps<typeof buttonVariants> & {
    /** Render the child element (e.g. a Link) with the button's styles. */
    asChild?: boolean;
  };

/** The button's classes with `className` merged in: for a client part that gets its classes from the server. */
export function buttonClassName(options: Parameters<typeof buttonVariants>[0] = {}): string {
  return cn(buttonVariants(options));
}

export function Button({ className, variant, size, asChild = false, ...props }: ButtonProps) {
  const Comp = asChild ? Slot.Root : "button";
  return <Comp data-slot="button" className={buttonClassName({ variant, size, className })} {...props} />;
}
