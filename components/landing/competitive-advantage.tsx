import { SectionHeading } from "./section-heading";

/**
 * What TariffWatch does that generic price trackers and deal sites do not: the six rows of
 * the former comparison table (where both columns read "No" on every row), as one list.
 */
const ONLY_HERE = [
  "Alerts before tariff-driven price increases",
  "Explains why a price is rising",
  "Origins of the same goods with a lower tariff",
  "Government CPI and PPI data",
  "Personal tariff impact calculator",
  "The source and formula behind every figure",
] as const;

/** Competitive landscape: TariffWatch against generic price trackers and deal sites. */
export function CompetitiveAdvantage() {
  return (
    <section id="competitive-advantage" aria-labelledby="competitive-advantage-heading" data-reveal className="lp-sec lp-alt">
      <div>
        <SectionHeading
          id="competitive-advantage-heading"
          eyebrow="Competitive landscape"
          title="Built for tariffs, not just for discounts"
          description="Price trackers tell you a price changed. Deal sites tell you what is on sale. TariffWatch tells you which duty changed, what it is projected to do to the shelf price, and where the same goods carry a lower tariff."
        />
        <p className="lp-note" id="only-here">
          What you get here and not from generic price trackers or deal sites:
        </p>
        <ul className="lp-checks lp-grid" aria-labelledby="only-here">
          {ONLY_HERE.map((feature) => (
            <li key={feature}>{feature}</li>
          ))}
        </ul>
      </div>
    </section>
  );
}
