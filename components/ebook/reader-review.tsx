import { MapPin } from "@/components/ui/icon";
import { ILLUSTRATIVE_LABEL } from "@/lib/testimonials";
import { cn } from "@/lib/utils";

/**
 * A sample reader story (lib/testimonials, EBOOK_READER_STORIES), used on the sales page and
 * the purchase page: labelled as illustrative, no star rating (docs/product-rules.md §D9).
 */
export function ReaderReview({
  quote,
  name,
  city,
  size = "default",
}: {
  quote: string;
  name: string;
  city: string;
  size?: "default" | "compact";
}) {
  const compact = size === "compact";
  return (
    <figure className={cn("flex h-full w-full flex-col rounded-xl border border-slate-200 bg-white shadow-sm", compact ? "p-5" : "p-6")}>
      <p className="text-xs font-semibold uppercase tracking-wide text-slate-600" data-testid="illustrative-label">
        {ILLUSTRATIVE_LABEL}
      </p>
      <blockquote className={cn("flex-1 text-slate-800", compact ? "mt-3 text-sm" : "mt-4")}>
        <p>&ldquo;{quote}&rdquo;</p>
      </blockquote>
      <figcaption className={cn("flex items-center gap-1.5 text-sm text-slate-600", compact ? "mt-3" : "mt-4")}>
        <MapPin aria-hidden className="size-3.5" />
        <span>
          <span className="font-semibold text-slate-900">{name}</span>, {city}
        </span>
      </figcaption>
    </figure>
  );
}
