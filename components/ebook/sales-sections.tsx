import Link from "next/link";
import {
  ArrowRight,
  CalendarClock,
  ChartColumn as BarChart3,
  CircleCheck as CheckCircle2,
  Eye,
  Landmark,
  Megaphone,
  PiggyBank,
  Search,
  ShieldCheck,
  TriangleAlert as AlertTriangle,
} from "@/components/ui/icon";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { formatPrice, PRODUCTS } from "@/lib/catalog";
import { site } from "@/lib/site";
import { cn } from "@/lib/utils";
import { EBOOK_CONTAINER } from "./access-sections";
import { EbookCover, EBOOK_SUBTITLE, EBOOK_TITLE } from "./cover";
import { ReaderReview } from "./reader-review";
import { ETR_SOURCE, TARIFF_FACTS } from "@/lib/stats/tariff-facts";
import { EBOOK_READER_STORIES } from "@/lib/testimonials";
import { CHAPTERS } from "@/lib/ebook/chapters";
import { GUARANTEE } from "@/lib/guarantee";
import { RAMP_MONTHS, RAMP_SOURCE } from "@/lib/tariffs/shelf-timing";

/** The e-book's price: from the catalog only. */
export const EBOOK_PRICE = formatPrice(PRODUCTS.ebook.amountCents + PRODUCTS.ebook.processingFeeCents, { cents: true });
export const CHECKOUT_PATH = "/checkout-ebook-paypal";

const container = EBOOK_CONTAINER;

export const EBOOK_BADGES = ["9 Chapters", "Read aloud + Animations", "Interactive Charts"] as const;

export function EbookHeader() {
  return (
    <section aria-labelledby="ebook-title" data-testid="ebook-header" className="bg-gradient-to-b from-blue-50 to-white">
      <div className={cn(container, "grid items-center gap-10 py-12 lg:grid-cols-[1fr_360px] lg:py-16")}>
        <div className="grid gap-5">
          <p className="text-sm font-semibold uppercase tracking-wide text-primary">E-book</p>
          <h1 id="ebook-title" className="text-4xl font-extrabold tracking-tight text-brand-navy sm:text-5xl">
            {EBOOK_TITLE}
          </h1>
          <p className="text-xl text-slate-700" data-testid="ebook-subtitle">
            {EBOOK_SUBTITLE}
          </p>
          <ul className="flex flex-wrap gap-2" aria-label="What the guide includes">
            {EBOOK_BADGES.map((b) => (
              <li key={b}>
                <Badge className="px-3 py-1 text-sm">{b}</Badge>
              </li>
            ))}
          </ul>
          <p className="text-sm text-slate-700" data-testid="ebook-author">
            By <span className="font-semibold text-slate-900">{site.operator}</span>
          </p>
          <div className="flex flex-col gap-3 sm:flex-row">
            <Button asChild size="lg">
              <a href="#preview-signup">Read 3 Chapters Free</a>
            </Button>
            <Button asChild size="lg" variant="outline">
              <a href="#chapters">Browse the Chapters</a>
            </Button>
          </div>
        </div>
        <div className="mx-auto w-full max-w-[300px] lg:max-w-none">
          <EbookCover idPrefix="hero-cover" />
        </div>
      </div>
    </section>
  );
}

export function UrgentNotice() {
  const first = TARIFF_FACTS.find((f) => f.id === "etr-2025-01-01");
  const latest = TARIFF_FACTS.find((f) => f.id === "etr-latest");
  if (!first || !latest) return null;
  return (
    <section aria-labelledby="urgent-heading" className={cn(container, "pt-10")}>
      <div data-testid="ebook-urgent-notice" className="flex items-start gap-4 rounded-xl border-2 border-red-300 bg-red-50 p-5 sm:p-6">
        <AlertTriangle aria-hidden className="mt-1 size-7 shrink-0 text-red-700" />
        <div>
          <h2 id="urgent-heading" className="text-lg font-bold text-red-800 sm:text-xl">
            Urgent: the average US tariff rate was {latest.value} on {latest.date}, up from {first.value} on {first.date}
          </h2>
          <p className="mt-1 text-sm text-red-950">
            Import-weighted statutory rate on US imports. Source:{" "}
            <a href={ETR_SOURCE.url} className="underline underline-offset-2" rel="noopener noreferrer">
              {ETR_SOURCE.name}
            </a>{" "}
            (published {ETR_SOURCE.publishedAt}). What it costs your household depends on what you buy, and chapter 3 shows
            you how to work it out.
          </p>
        </div>
      </div>
    </section>
  );
}

export const EBOOK_CHECKLIST = [
  "Understand how a tariff travels from the port to your pocket",
  "Estimate your own household's yearly tariff exposure",
  "Time big purchases and find cheaper alternatives",
  "Build a budget with a buffer for price changes",
] as const;

export function HeadlineAndSignup({ children }: { children: React.ReactNode }) {
  return (
    <section aria-labelledby="headline-heading" className={cn(container, "grid gap-10 py-14 lg:grid-cols-2 lg:items-center")}>
      <div>
        <h2 id="headline-heading" className="text-3xl font-bold tracking-tight text-brand-navy sm:text-4xl">
          Stop overpaying for tariffs you never see coming
        </h2>
        <p className="mt-4 text-lg text-slate-700">
          A plain-English, nine-chapter guide with narration, animated charts and full transcripts. Learn how tariffs
          reach the price tag, and what your household can do about it.
        </p>
        <ul className="mt-6 grid gap-3" data-testid="ebook-checklist">
          {EBOOK_CHECKLIST.map((item) => (
            <li key={item} className="flex items-start gap-3 text-slate-800">
              <CheckCircle2 aria-hidden className="mt-0.5 size-5 shrink-0 text-success" />
              {item}
            </li>
          ))}
        </ul>
      </div>
      <div id="preview-signup" className="scroll-mt-24">
        {children}
      </div>
    </section>
  );
}

export const BENEFITS = [
  {
    icon: Eye,
    title: "Hidden Cost Identification",
    body: "Spot where tariffs hide in everyday prices, from imported parts to domestic goods that rise alongside imports.",
  },
  {
    icon: CalendarClock,
    title: "Strategic Purchase Timing",
    body: `Shelf prices take months to absorb a tariff (about ${RAMP_MONTHS}, in ${RAMP_SOURCE.short}): use that time to plan purchases you were making anyway.`,
  },
  {
    icon: Search,
    title: "Alternative Product Research",
    body: "Find domestic, untariffed, refurbished and local options with the $50 threshold and the 3-2-1 buying rule.",
  },
  {
    icon: PiggyBank,
    title: "Budget Protection",
    body: "Add a price-change buffer and sinking funds so increases never force cuts elsewhere in your budget.",
  },
  {
    icon: BarChart3,
    title: "Economic Data Analysis",
    body: "Read the CPI and PPI from the Bureau of Labor Statistics and track your own household's inflation rate.",
  },
  {
    icon: Megaphone,
    title: "Policy Advocacy",
    body: "Follow tariff actions in the Federal Register and make your voice heard in public comment periods.",
  },
] as const;

export function BenefitGrid() {
  return (
    <section aria-labelledby="benefits-heading" className="bg-slate-50 py-14">
      <div className={container}>
        <h2 id="benefits-heading" className="text-center text-3xl font-bold tracking-tight text-brand-navy">
          What you&apos;ll be able to do
        </h2>
        <ul className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-3" data-testid="ebook-benefits">
          {BENEFITS.map(({ icon: Icon, title, body }) => (
            <li key={title} className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
              <Icon aria-hidden className="size-8 text-primary" />
              <h3 className="mt-4 text-lg font-semibold text-slate-900">{title}</h3>
              <p className="mt-2 text-sm text-slate-700">{body}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

/** The Chapter Guide section; `note` is the sentence about what is open (it depends on the visitor's access). */
export function ChapterGuide({ note, children }: { note: React.ReactNode; children: React.ReactNode }) {
  return (
    <section id="chapters" aria-labelledby="chapters-heading" className={cn(container, "scroll-mt-20 py-14")}>
      <h2 id="chapters-heading" className="text-3xl font-bold tracking-tight text-brand-navy">
        Chapter Guide
      </h2>
      <p className="mt-3 max-w-3xl text-slate-700">
        Nine chapters, each with narration, a live animated chart, key points and a full transcript. {note}
      </p>
      <div className="mt-8">{children}</div>
    </section>
  );
}

/** Minutes of narration: the chapters' lengths, each computed from its transcript (lib/ebook/chapters.ts). */
export const NARRATION_MINUTES = Math.round(CHAPTERS.reduce((sum, c) => sum + c.durationSeconds, 0) / 60);

/** What the guide contains, as it is (docs/experience.md "/tariffs-ebook"): every line matches the content. */
export const PRICE_FEATURES = [
  `9 chapters read aloud by your browser's voice (about ${NARRATION_MINUTES} minutes, estimated from the text)`,
  "9 animated charts, one per chapter",
  "Full transcripts and key points",
  "Download as EPUB and PDF",
  "Lifetime access",
] as const;

export const MONEY_BACK = { title: GUARANTEE.title, body: GUARANTEE.body } as const;

export function PriceCard() {
  return (
    <section aria-labelledby="price-heading" className="bg-gradient-to-b from-white to-blue-50 py-14">
      <div className={cn(container, "flex justify-center")}>
        <div data-testid="ebook-price-card" className="w-full max-w-md rounded-2xl border-2 border-primary bg-white p-8 shadow-xl">
          <h2 id="price-heading" className="text-center text-2xl font-bold text-brand-navy">
            Get the Complete Guide
          </h2>
          <p className="mt-4 text-center">
            <span className="text-5xl font-extrabold tracking-tight text-slate-900" data-testid="ebook-price">
              {EBOOK_PRICE}
            </span>
            <span className="ml-2 text-slate-600">one-time payment</span>
          </p>
          <ul className="mt-6 grid gap-3" data-testid="ebook-price-features">
            {PRICE_FEATURES.map((f) => (
              <li key={f} className="flex items-center gap-3 text-slate-800">
                <CheckCircle2 aria-hidden className="size-5 shrink-0 text-success" />
                {f}
              </li>
            ))}
          </ul>
          <div className="mt-6 flex items-start gap-3 rounded-lg bg-green-50 p-4 text-sm text-green-950" data-testid="ebook-money-back">
            <ShieldCheck aria-hidden className="mt-0.5 size-5 shrink-0 text-green-700" />
            <p>
              <strong>{MONEY_BACK.title}.</strong> {MONEY_BACK.body}
            </p>
          </div>
          <Button asChild size="lg" className="mt-6 w-full">
            <Link href={CHECKOUT_PATH} data-testid="ebook-buy">
              Get Complete Guide Now
              <ArrowRight aria-hidden />
            </Link>
          </Button>
          <p className="mt-3 text-center text-sm text-slate-600">Secure payment via PayPal</p>
        </div>
      </div>
    </section>
  );
}

/** The sample reader stories: from lib/testimonials, the same people and places as everywhere else. */
export const EBOOK_TESTIMONIALS = EBOOK_READER_STORIES;

export function EbookTestimonials() {
  return (
    <section aria-labelledby="ebook-testimonials-heading" className={cn(container, "py-14")}>
      <h2 id="ebook-testimonials-heading" className="text-center text-3xl font-bold tracking-tight text-brand-navy">
        What readers say
      </h2>
      <p className="mt-2 text-center text-sm text-slate-600">
        Illustrative sample stories: made-up readers, the same sample people as on our stories page, not reviews.
      </p>
      <ul className="mt-10 grid gap-6 md:grid-cols-3" data-testid="ebook-testimonials">
        {EBOOK_TESTIMONIALS.map((t) => (
          <li key={t.name} className="flex">
            <ReaderReview quote={t.quote} name={t.name} city={t.location} />
          </li>
        ))}
      </ul>
    </section>
  );
}

export function ClosingCta() {
  return (
    <section aria-labelledby="closing-heading" className="bg-brand-navy py-14 text-white" data-testid="ebook-closing-cta">
      <div className={cn(container, "flex flex-col items-center gap-5 text-center")}>
        <Landmark aria-hidden className="size-10 text-amber-300" />
        <h2 id="closing-heading" className="text-3xl font-bold tracking-tight">
          Start protecting your budget today
        </h2>
        <p className="max-w-2xl text-slate-200">
          Nine chapters, narration, animated charts and transcripts, yours for life for a one-time {EBOOK_PRICE}.
        </p>
        <Button asChild size="lg" variant="inverse">
          <Link href={CHECKOUT_PATH} data-testid="ebook-closing-buy">
            Get the Guide for {EBOOK_PRICE}
            <ArrowRight aria-hidden />
          </Link>
        </Button>
      </div>
    </section>
  );
}
