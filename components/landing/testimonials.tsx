import { MapPin, Quote } from "@/components/ui/icon";
import { ILLUSTRATIVE_LABEL, LANDING_STORIES } from "@/lib/testimonials";
import { containerClass, SectionHeading, sectionClass } from "./section-heading";

/**
 * Three sample stories from lib/testimonials (the same people, cities and savings as on
 * /testimonials), each labelled as illustrative (docs/product-rules.md §D9): no star ratings.
 */
export function Testimonials() {
  return (
    <section id="testimonials" aria-labelledby="testimonials-heading" data-reveal className={sectionClass}>
      <div className={containerClass}>
        <SectionHeading
          id="testimonials-heading"
          eyebrow="Testimonials"
          title="How households could use the alerts"
          description="Illustrative sample stories, not reviews: we show no ratings until real, consented ones exist."
        />
        <ul className="mt-12 grid gap-6 lg:grid-cols-3">
          {LANDING_STORIES.map((t) => (
            <li key={t.name} className="flex">
              <figure className="flex w-full flex-col rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
                <div className="flex items-center justify-between">
                  <p className="text-xs font-semibold uppercase tracking-wide text-slate-600" data-testid="illustrative-label">
                    {ILLUSTRATIVE_LABEL}
                  </p>
                  <Quote aria-hidden className="size-8 text-blue-100" />
                </div>
                <blockquote className="mt-4 flex-1 text-slate-700">
                  <p>&ldquo;{t.quote}&rdquo;</p>
                </blockquote>
                <p className="mt-5 inline-flex w-fit rounded-full bg-green-50 px-3 py-1 text-sm font-semibold text-green-800">
                  {t.savings} saved {t.period}
                </p>
                <figcaption className="mt-5 flex items-center gap-3 border-t border-slate-100 pt-5">
                  <span
                    aria-hidden
                    className="flex size-11 items-center justify-center rounded-full bg-brand-navy text-sm font-bold text-white"
                  >
                    {t.avatar}
                  </span>
                  <span>
                    <span className="block font-semibold text-slate-900">{t.name}</span>
                    <span className="flex items-center gap-1 text-sm text-slate-600">
                      <MapPin aria-hidden className="size-3.5" />
                      {t.location}
                    </span>
                  </span>
                </figcaption>
              </figure>
            </li>
          ))}
        </ul>
        <p className="mt-6 text-center text-sm text-muted-foreground">
          Illustrative sample stories: the names, places and amounts are made up to show how the alerts can be used.
          They are not statements by identified customers and not measured results.
        </p>
      </div>
    </section>
  );
}
