import { tablesDataAsOf } from "@/lib/alerts/reference-basket";
import { ActiveUsersStat } from "./active-users-stat";
import { AlertsSentStat, EconomicDataAsOf } from "./live-stats";
import { AnimatedCounter } from "./animated-counter";
import { SectionHeading } from "./section-heading";

/**
 * Figures the product measures (docs/product-rules.md §D9; docs/claims.md): two live counts from
 * the database (newsletter subscribers, alerts sent in the last 30 days) and three counts
 * of the committed tariff tables, taken at build time. No fixed marketing figures.
 */
export function Stats() {
  const tables = tablesDataAsOf();
  const stats = [
    { label: "Newsletter subscribers", detail: "live count of sign-ups", value: <ActiveUsersStat /> },
    {
      label: "Tariff measures tracked",
      detail: "with their dated legal events",
      value: <AnimatedCounter value={tables.measures} data-testid="stat-measures" />,
    },
    {
      label: "Shopper categories covered",
      detail: "footwear, apparel, appliances...",
      value: <AnimatedCounter value={tables.categories} data-testid="stat-categories" />,
    },
    {
      label: "HTS lines covered",
      detail: `from HTS ${tables.htsReleaseLabel}`,
      value: <AnimatedCounter value={tables.htsLines} data-testid="stat-hts-lines" />,
    },
    { label: "Alerts sent, last 30 days", detail: "emailed or in a digest", value: <AlertsSentStat /> },
  ];
  return (
    <section id="stats" aria-labelledby="stats-heading" data-reveal className="lp-sec lp-dark">
      <div>
        <SectionHeading
          id="stats-heading"
          eyebrow="TariffWatch in numbers"
          title="What we count, as we count it"
          description="Every figure here is measured by the product: live counts from our database and counts of the tariff tables we ship."
        />
        <dl className="lp-stats">
          {stats.map(({ label, detail, value }) => (
            <div key={label}>
              <dt>
                {label}
                <span>{detail}</span>
              </dt>
              <dd>{value}</dd>
            </div>
          ))}
        </dl>
        <p className="lp-note" data-testid="data-as-of">
          Data as of: tariff schedule HTS {tables.htsReleaseLabel} ({tables.htsDate}) · measures table v{tables.measuresVersion}{" "}
          · economic data: <EconomicDataAsOf />
        </p>
      </div>
    </section>
  );
}
