import Link from "next/link";
import { ILLUSTRATIVE_LABEL, LANDING_STORIES } from "@/lib/testimonials";
import { SectionHeading } from "./section-heading";

/**
 * Three sample stories from lib/testimonials (the same people, cities and savings as on
 * /testimonials, which has all six with their breakdowns), each labelled as illustrative
 * (docs/product-rules.md §D9): no star ratings. Styled by `lp-stories`.
 */
export function Testimonials() {
  return (
    <section id="testimonials" aria-labelledby="testimonials-heading" data-reveal className="lp-sec">
      <div>
        <SectionHeading
          id="testimonials-heading"
          eyebrow="Testimonials"
          title="How households could use the alerts"
          description="Illustrative sample stories, not reviews: we show no ratings until real, consented ones exist."
        />
        <ul className="lp-stories">
          {LANDING_STORIES.map((t) => (
            <li key={t.name}>
              <figure>
                <p data-testid="illustrative-label">{ILLUSTRATIVE_LABEL}</p>
                <blockquote>&ldquo;{t.quote}&rdquo;</blockquote>
                <p>
                  {t.savings} saved {t.period}
                </p>
                <figcaption>
                  <b>{t.name}</b>
                  {t.location}
                </figcaption>
              </figure>
            </li>
          ))}
        </ul>
        <p className="lp-note">
          Illustrative sample stories: the names, places and amounts are made up to show how the alerts can be used.
          They are not statements by identified customers and not measured results.{" "}
          <Link href="/testimonials">All six sample stories, with what each saved on</Link>
        </p>
      </div>
    </section>
  );
}
