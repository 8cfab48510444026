import { cn } from "@/lib/utils";

type SectionHeadingProps = {
  /** id of the h2, for the section's aria-labelledby. */
  id: string;
  eyebrow?: string;
  title: string;
  description?: React.ReactNode;
  /** "dark" for sections on the navy background. */
  tone?: "light" | "dark";
  className?: string;
};

/** The centred eyebrow + h2 + lead paragraph that opens each landing section. */
export function SectionHeading({ id, eyebrow, title, description, tone = "light", className }: SectionHeadingProps) {
  const dark = tone === "dark";
  return (
    <div className={cn("mx-auto max-w-3xl text-center", className)}>
      {eyebrow ? (
        <p className={cn("text-sm font-semibold uppercase tracking-wider", dark ? "text-blue-200" : "text-primary")}>
          {eyebrow}
        </p>
      ) : null}
      <h2
        id={id}
        className={cn(
          "mt-2 text-3xl font-bold tracking-tight text-balance sm:text-4xl",
          dark ? "text-white" : "text-brand-navy",
        )}
      >
        {title}
      </h2>
      {description ? (
        <p className={cn("mt-4 text-lg text-pretty", dark ? "text-slate-300" : "text-muted-foreground")}>
          {description}
        </p>
      ) : null}
    </div>
  );
}

/** Shared classes for a landing section's outer element. */
export const sectionClass = "scroll-mt-16 py-20 sm:py-24";
export const containerClass = "mx-auto max-w-7xl px-4 sm:px-6";
