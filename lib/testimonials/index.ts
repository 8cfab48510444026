/**
 * The testimonials page's fixed content (docs/product-rules.md §2, §3): six sample customer
 * stories. The stories are illustrative: the page says so. The spec's headline stats and
 * rating line ("$2.4M+ saved", "89%", "$1,847", "50,000+ users", "4.9/5") were never
 * measured and are not shown (docs/product-rules.md §D9; docs/claims.md).
 *
 * This module is the one source of every sample story on the site (issue 15 item 6): the
 * landing page, /testimonials, /free-trial and the e-book pages (sales and purchase) all read
 * it, so a person has the same city and savings everywhere, and each story is labelled ILLUSTRATIVE_LABEL.
 *
 * Each story's savings total is the sum of its breakdown, so the two can never disagree.
 * Amounts are whole US dollars (household savings, not plan prices: the price catalog
 * does not own them).
 */
import { formatPrice } from "@/lib/catalog";

export type SavingsDetail = {
  /** What was bought differently, e.g. "Switched to a domestic coffee roaster". */
  item: string;
  /** Dollars saved over the story's period. */
  amount: number;
};

export type Testimonial = {
  name: string;
  /** "City, ST". */
  location: string;
  /** Savings over `period`, formatted: "$3,200". */
  savings: string;
  /** "per year", "in 6 months"... */
  period: string;
  /** Initials shown in the avatar. */
  avatar: string;
  /** "Small Business", "Family of 4", "Retiree"... */
  category: string;
  quote: string;
  /** Savings breakdown; the amounts add up to `savings`. */
  details: readonly SavingsDetail[];
};

/** "$3,200" for whole dollars (the catalog's formatter, which takes cents). */
export function formatDollars(amount: number): string {
  return formatPrice(Math.round(amount * 100));
}

/** Initials of a display name: "Maria Gonzalez" -> "MG". */
export function initialsOf(name: string): string {
  return name
    .split(/\s+/)
    .filter(Boolean)
    .map((part) => part[0]?.toUpperCase() ?? "")
    .join("")
    .slice(0, 2);
}

type Story = Omit<Testimonial, "savings" | "avatar">;

function story(s: Story): Testimonial {
  const total = s.details.reduce((sum, d) => sum + d.amount, 0);
  return { ...s, savings: formatDollars(total), avatar: initialsOf(s.name) };
}

export const TESTIMONIALS: readonly Testimonial[] = [
  story({
    name: "David Chen",
    location: "Columbus, OH",
    period: "per year",
    category: "Small Business",
    quote:
      "I run a four-person print shop. TariffWatch flagged the increase on imported paper stock three weeks before my supplier raised prices, and pointed me to a mill in Wisconsin. I locked in a six-month order at the old price.",
    details: [
      { item: "Paper stock from a domestic mill", amount: 1850 },
      { item: "Toner bought ahead of the increase", amount: 780 },
      { item: "Replacement printer parts, refurbished", amount: 570 },
    ],
  }),
  story({
    name: "Jennifer Walsh",
    location: "Raleigh, NC",
    period: "per year",
    category: "Family of 4",
    quote:
      "With two kids growing out of shoes every few months, the apparel alerts alone were worth it. The weekly report tells me what to buy now and what can wait.",
    details: [
      { item: "Kids' shoes and clothing bought before price rises", amount: 640 },
      { item: "Switched to a US-made cookware set", amount: 310 },
      { item: "Laptop for school, refurbished instead of new", amount: 290 },
    ],
  }),
  story({
    name: "Robert Martinez",
    location: "Tucson, AZ",
    period: "per year",
    category: "Retiree",
    quote:
      "I live on a fixed income, so a 20% jump on something I need hurts. The alerts are in plain English and the alternatives are things I can actually buy in town.",
    details: [
      { item: "Generic and domestic household goods", amount: 420 },
      { item: "Replaced a small appliance before the tariff hit", amount: 260 },
      { item: "Local coffee roaster instead of imported brand", amount: 180 },
    ],
  }),
  story({
    name: "Aisha Thompson",
    location: "Atlanta, GA",
    period: "per year",
    category: "Young Professional",
    quote:
      "I was about to buy new headphones and a monitor. The alert showed both going up about 25%, and the alternative finder found the same brand refurbished for less than the old price.",
    details: [
      { item: "Refurbished headphones, same brand", amount: 150 },
      { item: "Monitor bought before the increase", amount: 220 },
      { item: "Phone accessories from a US seller", amount: 95 },
      { item: "Groceries: domestic brands swapped in", amount: 415 },
    ],
  }),
  story({
    name: "Mark and Lisa Johnson",
    location: "Boise, ID",
    period: "in 6 months",
    category: "Homeowners",
    quote:
      "We were in the middle of a kitchen remodel when steel and aluminum tariffs went up. TariffWatch told us which fixtures to order first and found a domestic cabinet maker that beat the imported quote.",
    details: [
      { item: "Cabinets from a domestic maker", amount: 1400 },
      { item: "Appliances ordered before the price change", amount: 650 },
      { item: "Faucets and fixtures, untariffed alternatives", amount: 310 },
    ],
  }),
  story({
    name: "Carlos Rivera",
    location: "San Antonio, TX",
    period: "per year",
    category: "Restaurant Owner",
    quote:
      "Imported kitchen equipment and some ingredients went up fast. The market report helps me plan purchases a month ahead, and I moved two suppliers to Texas producers.",
    details: [
      { item: "Ingredients from Texas producers", amount: 1900 },
      { item: "Commercial mixer bought before the increase", amount: 850 },
      { item: "Disposable packaging, domestic supplier", amount: 600 },
    ],
  }),
];

/** The label every sample story carries, wherever it is shown. */
export const ILLUSTRATIVE_LABEL = "Illustrative sample story";

/** The story of this person; throws if the name is not in TESTIMONIALS (a typo is a bug). */
export function testimonialOf(name: string): Testimonial {
  const t = TESTIMONIALS.find((x) => x.name === name);
  if (!t) throw new Error(`No sample story for "${name}"`);
  return t;
}

/** The three stories the landing page shows (same people, places and savings as /testimonials). */
export const LANDING_STORIES: readonly Testimonial[] = ["David Chen", "Jennifer Walsh", "Robert Martinez"].map(testimonialOf);

export type ReaderStory = { name: string; location: string; quote: string };

/**
 * What three of the same sample people say about the e-book (sales and checkout pages).
 * Name and place come from their story above, so they cannot drift apart.
 */
export const EBOOK_READER_STORIES: readonly ReaderStory[] = [
  {
    name: "Jennifer Walsh",
    quote:
      "The chapter on timing purchases was the useful one for us: we now check the alerts before the back-to-school shopping instead of after.",
  },
  {
    name: "David Chen",
    quote: "I finally understand what the CPI and PPI numbers mean for my shop. The budget buffer idea keeps me calm when supplier prices jump.",
  },
  {
    name: "Robert Martinez",
    quote: "I listened to the chapters read aloud while cooking, then went back to the transcript for the checklist.",
  },
].map((r) => ({ ...r, location: testimonialOf(r.name).location }));

/** The two reader stories the e-book purchase page (/checkout-ebook-paypal) shows: the same people as the sales page. */
export const EBOOK_CHECKOUT_STORIES: readonly ReaderStory[] = EBOOK_READER_STORIES.slice(0, 2);

/** The sample story beside the free-trial form (/free-trial), with its savings as on /testimonials. */
export const FREE_TRIAL_STORY: Testimonial = testimonialOf("Aisha Thompson");
