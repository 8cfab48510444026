import Link from "next/link";
import { ArrowRight, BellRing, ListChecks, PiggyBank } from "@/components/ui/icon";
import { Button } from "@/components/ui/button";
import { TRIAL_DAYS } from "@/lib/catalog";
import { containerClass, SectionHeading, sectionClass } from "./section-heading";

const STEPS = [
  {
    icon: ListChecks,
    title: "Tell us what you buy",
    body: "Pick the product categories your household or business spends on: groceries, electronics, clothing, home goods and more.",
  },
  {
    icon: BellRing,
    title: "Get alerts before prices rise",
    body: "We match each change in the tariff law against your list and alert you by email (or text, where SMS is set up) when the projected price passes your threshold.",
  },
  {
    icon: PiggyBank,
    title: "Decide with the numbers",
    body: "Each alert shows the duty before and after, the projected shelf-price band with its sources, and origins with a lower tariff, so you can buy early, wait or switch.",
  },
] as const;

/** Three steps from sign-up to savings. */
export function HowItWorks() {
  return (
    <section
      id="how-it-works"
      aria-labelledby="how-it-works-heading"
      data-reveal
      className={`${sectionClass} bg-slate-50`}
    >
      <div className={containerClass}>
        <SectionHeading
          id="how-it-works-heading"
          eyebrow="How it works"
          title="Start saving in three simple steps"
          description="Set it up once in a few minutes. TariffWatch keeps watching after that."
        />
        <div className="relative mt-14">
          <div aria-hidden className="absolute left-[16.6%] right-[16.6%] top-7 hidden h-0.5 bg-blue-200 md:block" />
          <ol className="relative grid gap-10 md:grid-cols-3 md:gap-8">
            {STEPS.map(({ icon: Icon, title, body }, i) => (
              <li key={title} className="relative text-center">
                <span className="relative mx-auto flex size-14 items-center justify-center rounded-full bg-primary text-white shadow-lg ring-8 ring-slate-50">
                  <Icon aria-hidden className="size-6" />
                </span>
                <p className="mt-5 text-sm font-semibold uppercase tracking-wider text-primary">Step {i + 1}</p>
                <h3 className="mt-1 text-xl font-semibold text-brand-navy">{title}</h3>
                <p className="mx-auto mt-2 max-w-xs text-muted-foreground">{body}</p>
              </li>
            ))}
          </ol>
        </div>
        <div className="mt-12 text-center">
          <Button asChild size="lg">
            <Link href="/free-trial">
              Start your {TRIAL_DAYS}-day free trial
              <ArrowRight aria-hidden />
            </Link>
          </Button>
        </div>
      </div>
    </section>
  );
}
