import { MapPin, Star } from "lucide-react";
import { cn } from "@/lib/utils";

/** A five-star reader story (sample copy), used on the sales page and the purchase page. */
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
      <p className="flex gap-0.5 text-amber-500">
        {Array.from({ length: 5 }, (_, i) => (
          <Star key={i} aria-hidden className={cn("fill-current", compact ? "size-4" : "size-5")} />
        ))}
        <span className="sr-only">Rated 5 out of 5</span>
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
