/**
 * Facts about the site that several pages, emails and metadata share. One place, so
 * the product name or contact address is changed once.
 */
export const site = {
  name: "TariffWatch",
  tagline: "Tariff price alerts and lower-tariff sources for US households",
  description:
    "TariffWatch warns US households and small businesses about tariff-driven price increases, names the countries that pay less tariff on what they buy, and tracks CPI and PPI from government data.",
  /** The operator: a property advisory company (docs/product-rules.md §1). */
  operator: "TariffWatch Property Advisory LLC",
  supportEmail: "support@tariffwatch.app",
  contactAddress: { street: "100 Market Street, Suite 300", city: "Philadelphia, PA 19106", country: "United States" },
  social: {
    /** "Follow Us" opens this in a new tab. */
    followUs: "https://www.linkedin.com/",
    twitter: "https://x.com/",
    facebook: "https://www.facebook.com/",
  },
  /** "Find Stores" opens a web search for local coffee roasters in a new tab (docs/product-rules.md §2). */
  findStoresUrl: "https://www.google.com/search?q=local+coffee+roasters+near+me",
} as const;
