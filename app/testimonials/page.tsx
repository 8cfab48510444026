import type { Metadata } from "next";
import Link from "next/link";
import {
  ArrowRight,
  BadgeCheck,
  Calculator,
  CalendarX,
  FileCheck,
  Info,
  Landmark,
} from "lucide-react";
import { BackHeader } from "@/components/site/back-header";
import { SiteFooter } from "@/components/site/site-footer";
import { TestimonialCard } from "@/components/testimonials/testimonial-card";
import { Button } from "@/components/ui/button";
import { TRIAL_DAYS } from "@/lib/catalog";
import { pageMetadata } from "@/lib/seo";
import { site } from "@/lib/site";
import { TESTIMONIALS } from "@/lib/testimonials";

export const metadata: Metadata = pageMetadata({
  title: "Customer stories",
  description:
    "Illustrative stories of how households, retirees and small businesses use TariffWatch alerts, their dates and the lower-tariff countries of origin to plan purchases before tariff price increases.",
  path: "/testimonials",
});

const TRUST_POINTS = [
  { icon: BadgeCheck, title: `Licensed by ${site.operator}`, text: "The advisory company that runs TariffWatch." },
  { icon: Landmark, title: "Government data sources", text: "Price indexes from the US Bureau of Labor Statistics and federal tariff notices." },
  { icon: FileCheck, title: "No long-term contracts", text: "Month-to-month plans, billed one month at a time." },
  { icon: CalendarX, title: "Cancel anytime", text: "Stop your plan whenever you like, yourself, in your account.", href: "/account" },
] as const satisfies readonly { icon: unknown; title: string; text: string; href?: string }[];

/** /testimonials: six illustrative sample stories (labelled so, no ratings or member figures), call to action, trust footer. No client JS. */
export default function TestimonialsPage() {
  return (
    <>
      <BackHeader />
      <main id="main">
        <section aria-labelledby="testimonials-heading" className="bg-gradient-to-br from-brand-navy via-blue-950 to-blue-900 text-white">
          <div className="mx-auto max-w-6xl px-4 py-14 text-center sm:px-6 lg:py-20">
            <p className="text-sm font-semibold uppercase tracking-wide text-blue-200">Customer stories</p>
            <h1 id="testimonials-heading" className="mt-2 text-4xl font-bold tracking-tight text-balance sm:text-5xl">
              Households and small businesses keeping tariffs off their bills
            </h1>
            <p
              data-testid="sample-notice"
              className="mx-auto mt-8 inline-flex items-center gap-2 rounded-full border border-white/20 bg-white/10 px-6 py-3 text-sm font-medium text-white"
            >
              <Info aria-hidden className="size-4 shrink-0" />
              Illustrative sample stories, not reviews: we show no ratings or member figures until we measure them.
            </p>
          </div>
        </section>

        <section aria-labelledby="stories-heading" className="bg-slate-50">
          <div className="mx-auto max-w-6xl px-4 py-14 sm:px-6">
            <h2 id="stories-heading" className="text-center text-3xl font-bold tracking-tight text-brand-navy">
              Illustrative sample stories
            </h2>
            <ul className="mt-10 grid gap-6 md:grid-cols-2 lg:grid-cols-3">
              {TESTIMONIALS.map((t, i) => (
                <li key={t.name}>
                  <TestimonialCard testimonial={t} index={i} />
                </li>
              ))}
            </ul>
            <p className="mt-8 text-center text-sm text-slate-600" data-testid="stories-disclaimer">
              Illustrative sample stories: the names, places and amounts are made up to show how the alerts can be used.
              They are not statements by identified customers and not measured results. What TariffWatch did in them is
              what it does: alerts with the projected price change, its date and its legal source, the countries of origin
              that pay less tariff, and the weekly digest. What each person then bought, and where, was their choice.
            </p>
          </div>
        </section>

        <section aria-labelledby="cta-heading" className="bg-white">
          <div className="mx-auto max-w-4xl px-4 py-14 text-center sm:px-6">
            <h2 id="cta-heading" className="text-3xl font-bold tracking-tight text-brand-navy">
              See what you could save
            </h2>
            <p className="mt-3 text-lg text-slate-700">
              Work out what tariffs cost your household, then try the alerts free for {TRIAL_DAYS} days. No card needed.
            </p>
            <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
              <Button asChild size="lg">
                <Link href="/calculator" data-testid="testimonials-calculator-link">
                  <Calculator aria-hidden />
                  Calculate My Savings
                </Link>
              </Button>
              <Button asChild size="lg" variant="success">
                <Link href="/free-trial" data-testid="testimonials-trial-link">
                  Start {TRIAL_DAYS}-Day Free Trial
                  <ArrowRight aria-hidden />
                </Link>
              </Button>
            </div>
          </div>
        </section>

        <section aria-labelledby="trust-heading" className="border-t bg-slate-50" data-testid="trust-footer">
          <div className="mx-auto max-w-6xl px-4 py-10 sm:px-6">
            <h2 id="trust-heading" className="sr-only">
              Why you can trust TariffWatch
            </h2>
            <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
              {TRUST_POINTS.map(({ icon: Icon, title, text, ...point }) => (
                <li key={title} className="flex gap-3">
                  <Icon aria-hidden className="mt-0.5 size-5 shrink-0 text-primary" />
                  <div>
                    <p className="font-semibold text-slate-900">
                      {"href" in point ? (
                        <Link href={point.href} className="text-primary underline underline-offset-2" data-testid="testimonials-cancel-link">
                          {title}
                        </Link>
                      ) : (
                        title
                      )}
                    </p>
                    <p className="text-sm text-slate-600">{text}</p>
                  </div>
                </li>
              ))}
            </ul>
          </div>
        </section>
      </main>
      <SiteFooter />
    </>
  );
}
