import Link from "next/link";
import { TRIAL_DAYS } from "@/lib/catalog";
import { SectionHeading } from "./section-heading";

const STEPS = [
  {
    title: "Tell us what you buy",
    body: "Pick the product categories your household or business spends on: groceries, electronics, clothing, home goods and more.",
  },
  {
    title: "Get alerts before prices rise",
    body: "We match each change in the tariff law against your list and alert you by email (or text, where SMS is set up) when the projected price passes your threshold.",
  },
  {
    title: "Decide with the numbers",
    body: "Each alert shows the duty before and after, the projected shelf-price band with its sources, and origins with a lower tariff, so you can buy early, wait or switch.",
  },
] as const;

/** Three steps from sign-up to savings, numbered by their list (styled by `lp-steps`). */
export function HowItWorks() {
  return (
    <section id="how-it-works" aria-labelledby="how-it-works-heading" data-reveal className="lp-sec lp-alt">
      <div>
        <SectionHeading
          id="how-it-works-heading"
          eyebrow="How it works"
          title="Start saving in three simple steps"
          description="Set it up once in a few minutes. TariffWatch keeps watching after that."
        />
        <ol className="lp-steps">
          {STEPS.map(({ title, body }) => (
            <li key={title}>
              <h3>{title}</h3>
              <p>{body}</p>
            </li>
          ))}
        </ol>
        <p className="lp-ctas">
          <Link href="/free-trial" className="lp-btn lp-lg lp-go">
            Start your {TRIAL_DAYS}-day free trial
          </Link>
        </p>
      </div>
    </section>
  );
}
