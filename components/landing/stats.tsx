import { BellRing, FileText, Layers, ListTree, Users } from "@/components/ui/icon";
import { tablesDataAsOf } from "@/lib/alerts/reference-basket";
import { ActiveUsersStat } from "./active-users-stat";
import { AlertsSentStat, EconomicDataAsOf } from "./live-stats";
import { AnimatedCounter } from "./animated-counter";
import { containerClass, SectionHeading, sectionClass } from "./section-heading";

/**
 * Figures the product measures (docs/product-rules.md §D9; docs/claims.md): two live counts from
 * the database (newsletter subscribers, alerts sent in the last 30 days) and three counts
 * of the committed tariff tables, taken at build time. No fixed marketing figures.
 */
export function Stats() {
  const tables = tablesDataAsOf();
  const stats = [
    {
      icon: Users,
      label: "Newsletter subscribers",
      detail: "live count of sign-ups",
      value: <ActiveUsersStat />,
    },
    {
      icon: FileText,
      label: "Tariff measures tracked",
      detail: "with their dated legal events",
      value: <AnimatedCounter value={tables.measures} data-testid="stat-measures" />,
    },
    {
      icon: Layers,
      label: "Shopper categories covered",
      detail: "footwear, apparel, appliances…",
      value: <AnimatedCounter value={tables.categories} data-testid="stat-categories" />,
    },
    {
      icon: ListTree,
      label: "HTS lines covered",
      detail: `from HTS ${tables.htsReleaseLabel}`,
      value: <AnimatedCounter value={tables.htsLines} data-testid="stat-hts-lines" />,
    },
    {
      icon: BellRing,
      label: "Alerts sent, last 30 days",
      detail: "emailed or in a digest",
      value: <AlertsSentStat />,
    },
  ];
  return (
    <section
      id="stats"
      aria-labelledby="stats-heading"
      data-reveal
      className={`${sectionClass} bg-gradient-to-br from-brand-navy to-blue-950 text-white`}
    >
      <div className={containerClass}>
        <SectionHeading
          id="stats-heading"
          tone="dark"
          eyebrow="TariffWatch in numbers"
          title="What we count, as we count it"
          description="Every figure here is measured by the product: live counts from our database and counts of the tariff tables we ship."
        />
        <dl className="mt-12 grid grid-cols-2 gap-4 sm:gap-6 lg:grid-cols-5">
          {stats.map(({ icon: Icon, label, detail, value }) => (
            <div
              key={label}
              className="flex flex-col-reverse items-center justify-end rounded-2xl border border-white/10 bg-white/5 p-6 text-center"
            >
              <dt className="mt-2 text-sm font-medium text-slate-300 sm:text-base">
                {label}
                <span className="block text-xs font-normal text-slate-400">{detail}</span>
              </dt>
              <dd className="flex flex-col items-center text-3xl font-extrabold tracking-tight tabular-nums text-white sm:text-4xl">
                <Icon aria-hidden className="mb-3 size-7 text-blue-300" />
                {value}
              </dd>
            </div>
          ))}
        </dl>
        <p className="mt-8 text-center text-sm text-slate-300" data-testid="data-as-of">
          Data as of: tariff schedule HTS {tables.htsReleaseLabel} ({tables.htsDate}) · measures table v{tables.measuresVersion}{" "}
          · economic data: <EconomicDataAsOf />
        </p>
      </div>
    </section>
  );
}
