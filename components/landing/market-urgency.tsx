import Link from "next/link";
import { ETR_SOURCE, TARIFF_FACTS } from "@/lib/stats/tariff-facts";
import { SectionHeading } from "./section-heading";

/** Why now: the tariff facts behind the product, with calls to act (styled by `lp-facts`, `lp-band`). */
export function MarketUrgency() {
  return (
    <section id="market-urgency" aria-labelledby="market-urgency-heading" data-reveal className="lp-sec">
      <div>
        <SectionHeading
          id="market-urgency-heading"
          eyebrow="Why it matters now"
          title="Tariffs are quietly raising what you pay"
          description="A new duty reaches store shelves gradually: a Federal Reserve study found the effect on consumer prices takes about seven months to complete (FEDS Notes, 8 Apr 2026). An alert when the law changes gives you that time."
        />
        <ul className="lp-facts" data-testid="tariff-facts">
          {TARIFF_FACTS.map((fact) => (
            <li key={fact.id} data-testid={`tariff-fact-${fact.id}`}>
              <p>{fact.value}</p>
              <p>{fact.label}</p>
              <p>{fact.detail}</p>
            </li>
          ))}
        </ul>
        <p className="lp-note" data-testid="tariff-facts-source">
          Import-weighted statutory tariff rate on US imports (Census 2024 import weights). Source:{" "}
          <a href={ETR_SOURCE.url} rel="noopener noreferrer">
            {ETR_SOURCE.name}
          </a>
          , published {ETR_SOURCE.publishedAt}, series through {ETR_SOURCE.through}. Later changes are not in it.
        </p>
        <div className="lp-band">
          <div>
            <p>How much will tariffs cost your household?</p>
            <p>Find out in under a minute, then let TariffWatch watch prices for you.</p>
          </div>
          <div className="lp-ctas">
            <Link href="/calculator" data-testid="calculate-impact" className="lp-btn lp-lg lp-inv">
              Calculate Impact
            </Link>
            <Link href="/free-trial" data-testid="protect-budget" className="lp-btn lp-lg lp-go">
              Protect Your Budget Now
            </Link>
          </div>
        </div>
      </div>
    </section>
  );
}
