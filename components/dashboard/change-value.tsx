import { ArrowDown, ArrowUp, Minus } from "lucide-react";
import { cn } from "@/lib/utils";
import { formatChange } from "./format";

/**
 * A percent change as the spec shows it: a rise in red with an up arrow and a plus sign,
 * a fall in green with a down arrow. Missing changes say so; nothing is filled in.
 */
export function ChangeValue({ change, className }: { change: number | null; className?: string }) {
  if (change === null) {
    return (
      <span className={cn("text-sm text-muted-foreground", className)} data-change="missing">
        <span aria-hidden>—</span>
        <span className="sr-only">not available</span>
      </span>
    );
  }
  const direction = change > 0 ? "up" : change < 0 ? "down" : "flat";
  const Icon = direction === "up" ? ArrowUp : direction === "down" ? ArrowDown : Minus;
  return (
    <span
      data-change={direction}
      className={cn(
        "inline-flex items-center justify-end gap-0.5 font-semibold tabular-nums",
        direction === "up" && "text-red-700",
        direction === "down" && "text-green-700",
        direction === "flat" && "text-slate-700",
        className,
      )}
    >
      <Icon aria-hidden className="size-4" />
      {formatChange(change)}
      <span className="sr-only">{direction === "up" ? " (rising)" : direction === "down" ? " (falling)" : " (unchanged)"}</span>
    </span>
  );
}
