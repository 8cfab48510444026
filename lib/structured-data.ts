import "server-only";
import { CURRENCY, LANDING_PLANS, PRODUCTS } from "@/lib/catalog";
import { FAQS } from "@/lib/faq";
import { siteUrl } from "@/lib/seo";
import { site } from "@/lib/site";

/**
 * schema.org structured data (JSON-LD) for search engines: the organisation, the plans and
 * the e-book as Offers (priced from the catalog), and the landing FAQ as a FAQPage.
 */
type JsonLd = Record<string, unknown>;

const dollars = (cents: number) => (cents / 100).toFixed(2);

export function organizationJsonLd(): JsonLd {
  return {
    "@context": "https://schema.org",
    "@type": "Organization",
    name: site.name,
    legalName: site.operator,
    url: siteUrl(),
    logo: siteUrl("/icon.svg"),
    email: site.supportEmail,
    address: {
      "@type": "PostalAddress",
      streetAddress: site.contactAddress.street,
      addressLocality: "Philadelphia",
      addressRegion: "PA",
      postalCode: "19106",
      addressCountry: "US",
    },
    sameAs: [site.social.followUs, site.social.twitter, site.social.facebook],
  };
}

export function plansJsonLd(): JsonLd {
  return {
    "@context": "https://schema.org",
    "@type": "Product",
    name: `${site.name} tariff price alerts`,
    description: site.description,
    brand: { "@type": "Brand", name: site.name },
    offers: LANDING_PLANS.map((plan) => ({
      "@type": "Offer",
      name: plan.name,
      description: plan.tagline,
      price: dollars(plan.amountCents),
      priceCurrency: CURRENCY,
      url: siteUrl(plan.checkoutPath),
      availability: "https://schema.org/InStock",
      ...(plan.interval
        ? {
            priceSpecification: {
              "@type": "UnitPriceSpecification",
              price: dollars(plan.amountCents),
              priceCurrency: CURRENCY,
              unitCode: "MON",
              referenceQuantity: { "@type": "QuantitativeValue", value: 1, unitCode: "MON" },
            },
          }
        : {}),
    })),
  };
}

export function ebookJsonLd(): JsonLd {
  const ebook = PRODUCTS.ebook;
  return {
    "@context": "https://schema.org",
    "@type": "Book",
    name: ebook.name,
    bookFormat: "https://schema.org/EBook",
    author: { "@type": "Organization", name: site.operator },
    numberOfPages: 9,
    offers: {
      "@type": "Offer",
      price: dollars(ebook.amountCents + ebook.processingFeeCents),
      priceCurrency: CURRENCY,
      url: siteUrl("/tariffs-ebook"),
      availability: "https://schema.org/InStock",
    },
  };
}

export function faqJsonLd(): JsonLd {
  return {
    "@context": "https://schema.org",
    "@type": "FAQPage",
    mainEntity: FAQS.map((faq) => ({
      "@type": "Question",
      name: faq.question,
      acceptedAnswer: { "@type": "Answer", text: faq.answer },
    })),
  };
}

/** Serialises for a <script type="application/ld+json">, escaping "<" so no tag can close early. */
export function jsonLdScript(data: JsonLd | JsonLd[]): string {
  return JSON.stringify(data).replace(/</g, "\\u003c");
}
