import type { Metadata } from "next";
import { SiteFooter } from "@/components/site/site-footer";
import { SiteHeader } from "@/components/site/site-header";
import { CompetitiveAdvantage } from "@/components/landing/competitive-advantage";
import { Faq } from "@/components/landing/faq";
import { Features } from "@/components/landing/features";
import { Hero } from "@/components/landing/hero";
import { HowItWorks } from "@/components/landing/how-it-works";
import { MarketUrgency } from "@/components/landing/market-urgency";
import { Newsletter } from "@/components/landing/newsletter";
import { Pricing } from "@/components/landing/pricing";
import { ScrollReveal } from "@/components/landing/reveal";
import { Stats } from "@/components/landing/stats";
import { Testimonials } from "@/components/landing/testimonials";
import { site } from "@/lib/site";
import { pageMetadata } from "@/lib/seo";
import { JsonLd } from "@/components/site/json-ld";
import { ebookJsonLd, faqJsonLd, jsonLdScript, organizationJsonLd, plansJsonLd } from "@/lib/structured-data";

export const metadata: Metadata = pageMetadata({ description: site.description, path: "/" });

/**
 * The landing page: a static server component with small client islands. Its prerendered
 * HTML stays under 120 kB (e2e/page-size.spec.ts, docs/performance.md): the HTML and
 * its inline RSC payload both carry every element, so sections are short, styled by the
 * `lp-*` classes of app/globals.css, and link to the pages that hold the rest (/examples,
 * /testimonials).
 */
export default function HomePage() {
  return (
    <>
      <SiteHeader />
      <main id="main" tabIndex={-1} className="focus:outline-none">
        <Hero />
        <MarketUrgency />
        <CompetitiveAdvantage />
        <Stats />
        <Features />
        <HowItWorks />
        <Testimonials />
        <Pricing />
        <Newsletter />
        <Faq />
      </main>
      <SiteFooter />
      <ScrollReveal />
      <JsonLd json={jsonLdScript([organizationJsonLd(), plansJsonLd(), ebookJsonLd(), faqJsonLd()])} />
    </>
  );
}
