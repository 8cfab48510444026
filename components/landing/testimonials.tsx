import { MapPin, Quote } from "lucide-react";
import { containerClass, SectionHeading, sectionClass } from "./section-heading";

const TESTIMONIALS = [
  {
    name: "Maria Gonzalez",
    initials: "MG",
    city: "San Antonio, TX",
    savings: "$1,240 saved this year",
    quote:
      "We got an alert about coffee and small appliances weeks before prices jumped. We stocked up, found a local roaster, and our grocery bill stopped creeping up.",
  },
  {
    name: "David Chen",
    initials: "DC",
    city: "Columbus, OH",
    savings: "$3,800 saved on supplies",
    quote:
      "I run a small print shop. TariffWatch flagged the increase on imported paper stock and pointed me to a domestic mill. That one alert paid for years of the service.",
  },
  {
    name: "Linda Parker",
    initials: "LP",
    city: "Tampa, FL",
    savings: "$860 saved on a fixed income",
    quote:
      "I am retired and every dollar counts. The weekly briefing is written in plain English, and the alternatives are things I can actually find in my town.",
  },
] as const;

/** Three fixed sample stories, labelled as illustrative (decisions section 9): no star ratings. */
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
          {TESTIMONIALS.map((t) => (
            <li key={t.name} className="flex">
              <figure className="flex w-full flex-col rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
                <div className="flex items-center justify-between">
                  <p className="text-xs font-semibold uppercase tracking-wide text-slate-500">Sample story</p>
                  <Quote aria-hidden className="size-8 text-blue-100" />
                </div>
                <blockquote className="mt-4 flex-1 text-slate-700">
                  <p>&ldquo;{t.quote}&rdquo;</p>
                </blockquote>
                <p className="mt-5 inline-flex w-fit rounded-full bg-green-50 px-3 py-1 text-sm font-semibold text-green-800">
                  {t.savings}
                </p>
                <figcaption className="mt-5 flex items-center gap-3 border-t border-slate-100 pt-5">
                  <span
                    aria-hidden
                    className="flex size-11 items-center justify-center rounded-full bg-brand-navy text-sm font-bold text-white"
                  >
                    {t.initials}
                  </span>
                  <span>
                    <span className="block font-semibold text-slate-900">{t.name}</span>
                    <span className="flex items-center gap-1 text-sm text-slate-600">
                      <MapPin aria-hidden className="size-3.5" />
                      {t.city}
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
