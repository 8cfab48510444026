import { MapPin, Quote } from "lucide-react";
import { Badge } from "@/components/ui/badge";
import { formatDollars, ILLUSTRATIVE_LABEL, type Testimonial } from "@/lib/testimonials";

/** One customer story: avatar, name, place, savings, category, quote and breakdown. Server component. */
export function TestimonialCard({ testimonial: t, index }: { testimonial: Testimonial; index: number }) {
  const headingId = `testimonial-${index + 1}-name`;
  return (
    <article
      aria-labelledby={headingId}
      data-testid="testimonial-card"
      className="flex h-full flex-col rounded-2xl border border-slate-200 bg-white p-6 shadow-sm"
    >
      <div className="flex items-start gap-4">
        <span
          aria-hidden
          data-testid="testimonial-avatar"
          className="flex size-12 shrink-0 items-center justify-center rounded-full bg-brand-navy text-base font-bold text-white"
        >
          {t.avatar}
        </span>
        <div className="min-w-0 flex-1">
          <h3 id={headingId} className="font-semibold text-slate-900">
            {t.name}
          </h3>
          <p className="flex items-center gap-1 text-sm text-slate-600">
            <MapPin aria-hidden className="size-3.5" />
            {t.location}
          </p>
          <Badge className="mt-2 border-blue-200 bg-blue-50 text-blue-900" data-testid="testimonial-category">
            {t.category}
          </Badge>
        </div>
      </div>

      <p className="mt-5 flex flex-wrap items-baseline gap-x-2 rounded-lg bg-green-50 px-4 py-3">
        <span className="text-3xl font-extrabold tabular-nums text-green-800" data-testid="testimonial-savings">
          {t.savings}
        </span>
        <span className="text-sm font-medium text-green-900" data-testid="testimonial-period">
          saved {t.period}
        </span>
      </p>

      <div className="mt-4 flex items-center justify-between">
        <p className="text-xs font-semibold uppercase tracking-wide text-slate-600" data-testid="illustrative-label">
          {ILLUSTRATIVE_LABEL}
        </p>
        <Quote aria-hidden className="size-6 text-blue-200" />
      </div>
      <blockquote className="mt-3 flex-1 text-slate-700">
        <p>&ldquo;{t.quote}&rdquo;</p>
      </blockquote>

      <div className="mt-5 border-t border-slate-100 pt-4">
        <h4 className="text-sm font-semibold text-slate-900">How the savings add up</h4>
        <ul className="mt-2 space-y-1.5 text-sm" data-testid="testimonial-details">
          {t.details.map((d) => (
            <li key={d.item} className="flex items-baseline justify-between gap-3">
              <span className="text-slate-700">{d.item}</span>
              <span className="shrink-0 font-semibold tabular-nums text-green-800">{formatDollars(d.amount)}</span>
            </li>
          ))}
        </ul>
      </div>
    </article>
  );
}
