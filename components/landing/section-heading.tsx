import { cn } from "@/lib/utils";

type SectionHeadingProps = {
  /** id of the h2, for the section's aria-labelledby. */
  id: string;
  eyebrow?: string;
  title: string;
  description?: React.ReactNode;
  className?: string;
};

/**
 * The centred eyebrow + h2 + lead paragraph that opens each landing section. Styled by the
 * `lp-head` rules of app/globals.css (a section with `lp-dark` turns it light-on-dark), so
 * its elements carry no class lists: the page's HTML and its inline RSC payload both repeat
 * every class attribute (docs/performance.md, the landing's 120 kB budget).
 */
export function SectionHeading({ id, eyebrow, title, description, className }: SectionHeadingProps) {
  return (
    <div className={cn("lp-head", className)}>
      {eyebrow ? <p>{eyebrow}</p> : null}
      <h2 id={id}>{title}</h2>
      {description ? <p>{description}</p> : null}
    </div>
  );
}
