import { cn } from "@/lib/utils";

const STYLES: Record<string, string> = {
  critical: "border-red-300 bg-red-50 text-red-900",
  act: "border-orange-300 bg-orange-50 text-orange-900",
  watch: "border-amber-300 bg-amber-50 text-amber-900",
  relief: "border-emerald-300 bg-emerald-50 text-emerald-900",
  info: "border-slate-300 bg-slate-50 text-slate-800",
};

export const SEVERITY_NAMES: Record<string, string> = { critical: "Critical", act: "Act", watch: "Watch", relief: "Relief", info: "Info" };

/** The severity as a word in a coloured pill (the word carries the meaning, not the colour). */
export function SeverityBadge({ severity, className }: { severity: string; className?: string }) {
  return (
    <span className={cn("inline-flex items-center rounded-full border px-2.5 py-0.5 text-xs font-semibold", STYLES[severity] ?? STYLES.info, className)}>
      {SEVERITY_NAMES[severity] ?? severity}
    </span>
  );
}

/** A figure resting on a low-confidence row: dashed, and says so in words. */
export function UnconfirmedBadge() {
  return (
    <span className="inline-flex items-center rounded-full border border-dashed border-amber-500 px-2 py-0.5 text-xs font-medium text-amber-900" title="Rests on a measure or input of low confidence: verify before acting.">
      unconfirmed
    </span>
  );
}
