import { CircleCheck, CircleMinus, CircleX } from "@/components/ui/icon";
import { containerClass, SectionHeading, sectionClass } from "./section-heading";

type Support = "yes" | "partial" | "no";

const COLUMNS = ["TariffWatch", "Price trackers", "Deal sites"] as const;

const ROWS: readonly { feature: string; support: readonly [Support, Support, Support] }[] = [
  { feature: "Alerts before tariff-driven price increases", support: ["yes", "no", "no"] },
  { feature: "Explains why a price is rising", support: ["yes", "no", "no"] },
  { feature: "Origins of the same goods with a lower tariff", support: ["yes", "no", "no"] },
  { feature: "Government CPI and PPI data", support: ["yes", "no", "no"] },
  { feature: "Personal tariff impact calculator", support: ["yes", "no", "no"] },
  { feature: "The source and formula behind every figure", support: ["yes", "no", "no"] },
];

const SUPPORT_TEXT: Record<Support, string> = { yes: "Yes", partial: "Partly", no: "No" };

function SupportCell({ support, highlight }: { support: Support; highlight: boolean }) {
  const Icon = support === "yes" ? CircleCheck : support === "partial" ? CircleMinus : CircleX;
  const color = support === "yes" ? "text-green-700" : support === "partial" ? "text-amber-700" : "text-slate-500";
  return (
    <td className={highlight ? "bg-blue-50 px-2 py-4 text-center" : "px-2 py-4 text-center"}>
      <Icon aria-hidden className={`mx-auto size-5 sm:size-6 ${color}`} />
      <span className="sr-only">{SUPPORT_TEXT[support]}</span>
    </td>
  );
}

/** Competitive landscape: TariffWatch against generic price trackers and deal sites. */
export function CompetitiveAdvantage() {
  return (
    <section
      id="competitive-advantage"
      aria-labelledby="competitive-advantage-heading"
      data-reveal
      className={`${sectionClass} bg-slate-50`}
    >
      <div className={containerClass}>
        <SectionHeading
          id="competitive-advantage-heading"
          eyebrow="Competitive landscape"
          title="Built for tariffs, not just for discounts"
          description="Price trackers tell you a price changed. Deal sites tell you what is on sale. TariffWatch tells you which duty changed, what it is projected to do to the shelf price, and where the same goods carry a lower tariff."
        />
        {/* Scrolls sideways on narrow screens; focusable so keyboard users can scroll it too. */}
        <div
          role="region"
          aria-label="Comparison table"
          tabIndex={0}
          className="mx-auto mt-12 max-w-4xl overflow-x-auto rounded-2xl border border-slate-200 bg-white shadow-sm"
        >
          <table className="w-full min-w-[20rem] table-fixed border-collapse text-sm sm:text-base">
            <caption className="sr-only">
              Feature comparison: TariffWatch, generic price trackers and deal sites
            </caption>
            <colgroup>
              <col className="w-[43%] sm:w-[40%]" />
              <col />
              <col />
              <col />
            </colgroup>
            <thead>
              <tr className="border-b border-slate-200">
                <th scope="col" className="px-3 py-4 text-left font-semibold text-slate-700 sm:px-6">
                  Feature
                </th>
                {COLUMNS.map((name, i) => (
                  <th
                    key={name}
                    scope="col"
                    className={
                      i === 0
                        ? "bg-primary px-1 py-4 text-center text-xs font-bold text-white sm:px-2 sm:text-base"
                        : "px-1 py-4 text-center text-xs font-semibold text-slate-700 sm:px-2 sm:text-base"
                    }
                  >
                    {name === "TariffWatch" ? (
                      <>
                        Tariff
                        <wbr />
                        Watch
                      </>
                    ) : (
                      name
                    )}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {ROWS.map((row) => (
                <tr key={row.feature} className="border-b border-slate-100 last:border-0">
                  <th scope="row" className="px-3 py-4 text-left font-medium text-slate-900 sm:px-6">
                    {row.feature}
                  </th>
                  {row.support.map((support, i) => (
                    <SupportCell key={COLUMNS[i]} support={support} highlight={i === 0} />
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        {ROWS.some((row) => row.support.includes("partial")) ? (
          <p className="mx-auto mt-4 max-w-4xl text-center text-sm text-muted-foreground">
            &ldquo;Partly&rdquo; means the feature exists on some sites but is not built around tariffs.
          </p>
        ) : null}
      </div>
    </section>
  );
}
