import Link from "next/link";
import { NewsletterPlaceholder } from "./newsletter-form-view";
import { NewsletterSignup } from "./newsletter-signup";
import { SectionHeading } from "./section-heading";

/** Newsletter signup section (styled by `lp-news`). */
export function Newsletter() {
  return (
    <section id="newsletter" aria-labelledby="newsletter-heading" data-reveal className="lp-sec lp-news">
      <div>
        <div>
          <SectionHeading
            id="newsletter-heading"
            eyebrow="Free weekly briefing"
            title="Stay ahead of the next price hike"
            description="Get our free weekly tariff briefing: new tariffs, price trends from government data and the countries that pay less tariff on everyday goods, in five minutes of reading."
          />
          <NewsletterSignup>
            <NewsletterPlaceholder />
          </NewsletterSignup>
          <p className="lp-note">
            No spam, unsubscribe anytime. Read our <Link href="/privacy">privacy policy</Link>.
          </p>
        </div>
      </div>
    </section>
  );
}
