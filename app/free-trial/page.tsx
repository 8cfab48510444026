import type { Metadata } from "next";
import { Check } from "lucide-react";
import { SiteHeader } from "@/components/site/site-header";
import { SiteFooter } from "@/components/site/site-footer";
import { StoryQuote } from "@/components/testimonials/story-quote";
import { FreeTrialSignup } from "@/components/trials/free-trial-signup";
import { TrialFormPlaceholder } from "@/components/trials/free-trial-form-view";
import { PLANS, TRIAL_DAYS } from "@/lib/catalog";
import { pageMetadata } from "@/lib/seo";
import { FREE_TRIAL_STORY } from "@/lib/testimonials";

export const metadata: Metadata = pageMetadata({
  title: "Start your 7-day free trial",
  description: "Try TariffWatch free for 7 days: tariff price alerts, lower-tariff sources and weekly market reports. No card needed.",
  path: "/free-trial",
});

export default function FreeTrialPage() {
  return (
    <>
      <SiteHeader />
      <main id="main" className="bg-gradient-to-b from-blue-50 to-white">
        <div className="mx-auto grid max-w-6xl gap-12 px-4 py-12 sm:px-6 lg:grid-cols-2 lg:py-20">
          <section aria-labelledby="trial-heading" className="flex flex-col justify-center gap-6">
            <p className="text-sm font-semibold uppercase tracking-wide text-primary">{TRIAL_DAYS}-day free trial</p>
            <h1 id="trial-heading" className="text-4xl font-bold tracking-tight text-brand-navy sm:text-5xl">
              Protect your budget from tariff price hikes
            </h1>
            <p className="text-lg text-slate-700">
              Get alerts before tariff-driven price increases reach the shelves, and see which countries pay less tariff on
              the things you buy most.
            </p>
            <ul className="grid gap-3 text-slate-800">
              {PLANS["free-trial"].features.map((feature) => (
                <li key={feature} className="flex items-center gap-3">
                  <Check aria-hidden className="size-5 text-success" />
                  {feature}
                </li>
              ))}
              <li className="flex items-center gap-3">
                <Check aria-hidden className="size-5 text-success" />
                No credit card, no automatic charge
              </li>
            </ul>
            <StoryQuote testimonial={FREE_TRIAL_STORY} />
          </section>
          <div className="flex flex-col justify-center">
            <FreeTrialSignup>
              <TrialFormPlaceholder />
            </FreeTrialSignup>
          </div>
        </div>
      </main>
      <SiteFooter />
    </>
  );
}
