/**
 * The testimonials page's fixed content (docs/product-rules.md §2, §3): six sample customer
 * stories. The stories are illustrative: the page says so. The spec's headline stats and
 * rating line ("$2.4M+ saved", "89%", "$1,847", "50,000+ users", "4.9/5") were never
 * measured and are not shown (docs/product-rules.md §D9; docs/claims.md).
 *
 * This module is the one source of every sample story on the site (docs/claims.md "Testimonials"): the
 * landing page, /testimonials, /free-trial and the e-book pages (sales and purchase) all read
 * it, so a person has the same city and savings everywhere, and each story is labelled ILLUSTRATIVE_LABEL.
 *
 * The stories credit the product only with what it does (docs/claims.md, "Testimonials"):
 * alerts on watched categories and items with the projected price change, its date and its
 * legal source; the countries of origin that pay less tariff (lib/alerts/alternatives.ts names
 * countries, never a product, shop or maker); the weekly digest with the latest price figures.
 * What a person then buys, and where, is theirs. tests/unit/testimonials.test.ts checks for
 * the claims it never makes.
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
      "I run a small furniture shop and watch the upholstered chairs, lamps and mattresses I import. An alert gave me the date a scheduled tariff increase took effect, the projected price rise with the legal notice behind it, and the countries that pay less tariff on those goods. I placed my spring order before the date and asked my supplier for quotes from two of those countries.",
    details: [
      { item: "Upholstered chairs ordered before the scheduled increase", amount: 1850 },
      { item: "Lamps from a lower-tariff country the alert listed", amount: 780 },
      { item: "Mattress order moved ahead of the change", amount: 570 },
    ],
  }),
  story({
    name: "Jennifer Walsh",
    location: "Raleigh, NC",
    period: "per year",
    category: "Family of 4",
    quote:
      "With two kids growing out of shoes every few months, I watch footwear and kids' clothing. The weekly digest tells me what is projected to cost more and from when, so I know what to buy now and what can wait.",
    details: [
      { item: "Kids' shoes and clothing bought before projected rises", amount: 640 },
      { item: "Cookware bought before a scheduled tariff change", amount: 310 },
      { item: "School laptop: picked a model made in a lower-tariff country", amount: 290 },
    ],
  }),
  story({
    name: "Robert Martinez",
    location: "Tucson, AZ",
    period: "per year",
    category: "Retiree",
    quote:
      "I live on a fixed income, so a 20% jump on something I need hurts. The alerts are in plain English: what is changing, when, and roughly what it means for the price I pay, with the source if I want to check.",
    details: [
      { item: "Tires bought before a projected rise", amount: 420 },
      { item: "Replaced a small appliance before the tariff change took effect", amount: 260 },
      { item: "Vacuum cleaner chosen by where it is made", amount: 180 },
    ],
  }),
  story({
    name: "Aisha Thompson",
    location: "Atlanta, GA",
    period: "per year",
    category: "Young Professional",
    quote:
      "I was about to buy new headphones and a laptop. The alert showed both projected to go up, and from when. It listed the countries whose headphones pay less tariff, so I picked a pair made in one of them, and I bought the laptop before the change.",
    details: [
      { item: "Headphones made in a lower-tariff country", amount: 150 },
      { item: "Laptop bought before the change took effect", amount: 220 },
      { item: "Phone bought before a projected rise", amount: 95 },
      { item: "Sneakers bought before a projected rise", amount: 120 },
    ],
  }),
  story({
    name: "Mark and Lisa Johnson",
    location: "Boise, ID",
    period: "in 6 months",
    category: "Homeowners",
    quote:
      "We were in the middle of a kitchen remodel. TariffWatch showed the tariff on kitchen cabinets stepping up on a set date, with the proclamation behind it, so we ordered the cabinets first. It also listed the countries whose dishwashers pay less tariff.",
    details: [
      { item: "Cabinets ordered before the scheduled step-up", amount: 1400 },
      { item: "Appliances ordered before the price change", amount: 650 },
      { item: "Dishwasher made in a lower-tariff country", amount: 310 },
    ],
  }),
  story({
    name: "Carlos Rivera",
    location: "San Antonio, TX",
    period: "per year",
    category: "Restaurant Owner",
    quote:
      "Imported kitchen equipment and some ingredients went up fast. The weekly digest helps me plan purchases a month ahead: it shows what is projected to rise and when, and the latest government price figures for food.",
    details: [
      { item: "Kitchen equipment bought before the increase", amount: 850 },
      { item: "Shrimp and olive oil ordered ahead of projected rises", amount: 600 },
      { item: "Steel cookware from a lower-tariff country the alert listed", amount: 400 },
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
