import { BellRing, PiggyBank, ShieldCheck } from "lucide-react";

/** Static marketing figures (spec section 2, calculator). */
export const CUSTOMER_RESULTS = [
  { icon: PiggyBank, value: "$2,340", label: "Average annual savings", testId: "customer-result-savings" },
  { icon: ShieldCheck, value: "89%", label: "Avoid price increases", testId: "customer-result-avoid" },
  { icon: BellRing, value: "24hrs", label: "Average alert response", testId: "customer-result-response" },
] as const;

/** The "customer results" block under the calculator. Server component. */
export function CustomerResults() {
  return (
    <section aria-labelledby="customer-results-heading" className="rounded-2xl bg-brand-navy px-6 py-10 text-white sm:px-10">
      <h2 id="customer-results-heading" className="text-center text-2xl font-bold tracking-tight sm:text-3xl">
        Real results from TariffWatch customers
      </h2>
      <dl className="mt-8 grid gap-6 sm:grid-cols-3">
        {CUSTOMER_RESULTS.map(({ icon: Icon, value, label, testId }) => (
          <div key={label} className="flex flex-col-reverse items-center rounded-xl border border-white/15 bg-white/5 p-6 text-center">
            <dt className="mt-2 text-sm font-medium text-slate-200">{label}</dt>
            <dd className="flex flex-col items-center text-4xl font-extrabold tabular-nums" data-testid={testId}>
              <Icon aria-hidden className="mb-3 size-7 text-blue-300" />
              {value}
            </dd>
          </div>
        ))}
      </dl>
      <p className="mt-6 text-center text-xs text-slate-300">
        Figures reported by TariffWatch members. Individual results vary with what you buy and where.
      </p>
    </section>
  );
}
