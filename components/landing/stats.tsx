import { Clock, PiggyBank, Target, Users } from "lucide-react";
import { ActiveUsersStat } from "./active-users-stat";
import { AnimatedCounter } from "./animated-counter";
import { containerClass, SectionHeading, sectionClass } from "./section-heading";

const STATS = [
  { icon: Users, label: "Active users", value: <ActiveUsersStat /> },
  {
    icon: PiggyBank,
    label: "Saved by our members",
    value: <AnimatedCounter value={2.4} decimals={1} prefix="$" suffix="M" data-testid="stat-saved" />,
  },
  {
    icon: Target,
    label: "Alert accuracy",
    value: <AnimatedCounter value={98} suffix="%" data-testid="stat-accuracy" />,
  },
  {
    icon: Clock,
    label: "24-hour price monitoring",
    value: <AnimatedCounter value={24} suffix="/7" data-testid="stat-monitoring" />,
  },
] as const;

/** Animated stats band; the active-users number is live (newsletter count). */
export function Stats() {
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
          title="Trusted by households across America"
        />
        <dl className="mt-12 grid grid-cols-2 gap-4 sm:gap-6 lg:grid-cols-4">
          {STATS.map(({ icon: Icon, label, value }) => (
            <div
              key={label}
              className="flex flex-col-reverse items-center justify-end rounded-2xl border border-white/10 bg-white/5 p-6 text-center"
            >
              <dt className="mt-2 text-sm font-medium text-slate-300 sm:text-base">{label}</dt>
              <dd className="flex flex-col items-center text-3xl font-extrabold tracking-tight tabular-nums text-white sm:text-5xl">
                <Icon aria-hidden className="mb-3 size-7 text-blue-300" />
                {value}
              </dd>
            </div>
          ))}
        </dl>
      </div>
    </section>
  );
}
