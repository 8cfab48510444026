import Link from "next/link";
import { Newspaper } from "@/components/ui/icon";
import { NewsletterSignup } from "./newsletter-signup";
import { containerClass, SectionHeading, sectionClass } from "./section-heading";

/** Newsletter signup section. */
export function Newsletter() {
  return (
    <section id="newsletter" aria-labelledby="newsletter-heading" data-reveal className={`${sectionClass} bg-blue-50`}>
      <div className={containerClass}>
        <div className="mx-auto max-w-3xl rounded-3xl border border-blue-100 bg-white px-6 py-12 text-center shadow-lg sm:px-12">
          <span className="mx-auto inline-flex size-14 items-center justify-center rounded-2xl bg-primary text-white">
            <Newspaper aria-hidden className="size-7" />
          </span>
          <SectionHeading
            id="newsletter-heading"
            className="mt-4"
            eyebrow="Free weekly briefing"
            title="Stay ahead of the next price hike"
            description="Get our free weekly tariff briefing: new tariffs, price trends from government data and the best alternatives, in five minutes of reading."
          />
          <NewsletterSignup />
          <p className="mt-4 text-sm text-muted-foreground">
            No spam, unsubscribe anytime. Read our{" "}
            <Link href="/privacy" className="font-medium text-primary underline underline-offset-4">
              privacy policy
            </Link>
            .
          </p>
        </div>
      </div>
    </section>
  );
}
