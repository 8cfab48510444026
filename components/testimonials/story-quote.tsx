import Link from "next/link";
import { MapPin } from "lucide-react";
import { ILLUSTRATIVE_LABEL, type Testimonial } from "@/lib/testimonials";

/**
 * One sample story in a few lines (quote, person, place, savings), labelled illustrative and
 * without a star rating (docs/claims.md, Testimonials), linking to the full story with its
 * breakdown on /testimonials. Server component.
 */
export function StoryQuote({ testimonial: t }: { testimonial: Testimonial }) {
  return (
    <figure className="rounded-lg border bg-white p-5 shadow-sm" data-testid="story-quote">
      <p className="text-xs font-semibold uppercase tracking-wide text-slate-600" data-testid="illustrative-label">
        {ILLUSTRATIVE_LABEL}
      </p>
      <blockquote className="mt-3 text-slate-800">
        <p>&ldquo;{t.quote}&rdquo;</p>
      </blockquote>
      <figcaption className="mt-3 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-slate-600">
        <span className="font-semibold text-slate-900">{t.name}</span>
        <span className="inline-flex items-center gap-1">
          <MapPin aria-hidden className="size-3.5" />
          {t.location}
        </span>
        <span className="font-semibold text-green-800" data-testid="story-savings">
          {t.savings} saved {t.period}
        </span>
      </figcaption>
      <p className="mt-2 text-sm">
        <Link href="/testimonials" className="font-medium text-primary underline underline-offset-2">
          How the savings add up
        </Link>
      </p>
    </figure>
  );
}
