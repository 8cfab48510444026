"use client";

import * as React from "react";
import dynamic from "next/dynamic";
import { useTypedBeforeHydration } from "@/components/forms/use-typed-before-hydration";
import { calculateSavings, formatUsd, isValidMonthlySpending, MAX_MONTHLY_SPENDING, MIN_MONTHLY_SPENDING, spendingProblem, EXAMPLE_MONTHLY_SPENDING } from "@/lib/calculator";
import type { Calculation } from "./results";

/**
 * The browser side of the calculator: the amount field, the button and the results area, which
 * share the calculation through a context. The card, the headings, the field's label, the
 * button's text and the placeholder are rendered on the server (./savings-calculator.tsx) and
 * passed in, with the field's and the button's classes, so this part ships no UI primitives,
 * icons or class merging (docs/performance.md: JavaScript by load).
 *
 * The results appear only after a calculation, so their code (figures, links, sources, and
 * the breakdown chart after them) loads then, not with the page. It is fetched as soon as the
 * amount can be calculated, so it is usually there when the button is pressed.
 */
const loadResults = () => import("./results");
const Results = dynamic(() => loadResults().then((m) => m.Results), {
  loading: () => <p className="text-sm text-slate-600">Working out your savings...</p>,
});

type Shared = { calculation: Calculation | null; setCalculation: (c: Calculation) => void };
const CalculationContext = React.createContext<Shared | null>(null);

function useCalculation(): Shared {
  const shared = React.useContext(CalculationContext);
  if (!shared) throw new Error("The calculator's form and results must sit inside CalculatorProvider");
  return shared;
}

export function CalculatorProvider({ children }: { children: React.ReactNode }) {
  const [calculation, setCalculation] = React.useState<Calculation | null>(null);
  const shared = React.useMemo(() => ({ calculation, setCalculation }), [calculation]);
  return <CalculationContext.Provider value={shared}>{children}</CalculationContext.Provider>;
}

/** The typed text as a number, or null while it is empty or not a number. */
function parseAmount(text: string): number | null {
  if (text.trim() === "") return null;
  const n = Number(text);
  return Number.isFinite(n) ? n : null;
}

const HINT_ID = "monthly-spending-hint";
const PROBLEM_ID = "monthly-spending-problem";

/**
 * The form (docs/product-rules.md §2, §4, §9). The button stays disabled while
 * the amount is empty, under $50 or over $250,000, and the line under the field (the button's
 * aria-describedby) says why; over the ceiling the field is marked invalid. The result appears
 * only when the button is pressed and is recomputed on each press: typing alone changes nothing.
 */
export function CalculatorForm({
  label,
  submitLabel,
  classes,
}: {
  /** The field's `<label for="monthly-spending">`. */
  label: React.ReactNode;
  submitLabel: React.ReactNode;
  /** The Input and Button primitives' classes, merged on the server. */
  classes: { input: string; button: string };
}) {
  const { setCalculation } = useCalculation();
  const [amount, setAmount] = React.useState("");
  useTypedBeforeHydration("monthly-spending", setAmount);
  const parsed = parseAmount(amount);
  const canCalculate = parsed !== null && isValidMonthlySpending(parsed);
  const problem = spendingProblem(parsed);

  React.useEffect(() => {
    if (canCalculate) void loadResults();
  }, [canCalculate]);

  function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (parsed === null || !isValidMonthlySpending(parsed)) return;
    setCalculation({ monthlySpending: parsed, result: calculateSavings(parsed) });
  }

  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-4" data-testid="calculator-form">
      <div className="grid gap-2">
        {label}
        <div className="relative">
          <span aria-hidden className="pointer-events-none absolute inset-y-0 left-0 flex items-center pl-3 text-base font-semibold text-slate-600">
            $
          </span>
          <input
            id="monthly-spending"
            data-slot="input"
            data-testid="monthly-spending"
            type="number"
            inputMode="decimal"
            min={MIN_MONTHLY_SPENDING}
            max={MAX_MONTHLY_SPENDING}
            step={1}
            placeholder={`e.g. ${EXAMPLE_MONTHLY_SPENDING}`}
            autoComplete="off"
            aria-describedby={problem === "above-maximum" ? `${HINT_ID} ${PROBLEM_ID}` : HINT_ID}
            aria-invalid={problem === "above-maximum" ? true : undefined}
            value={amount}
            onChange={(e) => setAmount(e.target.value)}
            className={classes.input}
          />
        </div>
        <p id={HINT_ID} className="text-sm text-muted-foreground">
          From {formatUsd(MIN_MONTHLY_SPENDING)} to {formatUsd(MAX_MONTHLY_SPENDING)} a month.
        </p>
        {problem === "above-maximum" ? (
          <p id={PROBLEM_ID} role="alert" data-testid="spending-too-high" className="text-sm font-medium text-red-700">
            That is more than {formatUsd(MAX_MONTHLY_SPENDING)} a month, above what a household or small business spends on goods:
            the estimate is not meant for it. Enter up to {formatUsd(MAX_MONTHLY_SPENDING)}.
          </p>
        ) : null}
      </div>
      <button
        type="submit"
        data-slot="button"
        disabled={!canCalculate}
        aria-describedby={canCalculate ? undefined : "calculate-disabled-reason"}
        data-testid="calculate-button"
        className={classes.button}
      >
        {submitLabel}
      </button>
      {canCalculate ? null : (
        <p id="calculate-disabled-reason" data-testid="calculate-disabled-reason" className="text-sm text-slate-700">
          {problem === "above-maximum"
            ? `The button is off: the amount is above ${formatUsd(MAX_MONTHLY_SPENDING)} a month.`
            : problem === "below-minimum"
              ? `The button is off: enter at least ${formatUsd(MIN_MONTHLY_SPENDING)} a month.`
              : `The button turns on once you enter a monthly amount from ${formatUsd(MIN_MONTHLY_SPENDING)}.`}
        </p>
      )}
    </form>
  );
}

/** Whether the visitor is signed in (GET /api/account answers 200), to link the results to their watchlist. */
function useSignedIn(enabled: boolean): boolean {
  const [signedIn, setSignedIn] = React.useState(false);
  React.useEffect(() => {
    if (!enabled) return;
    let live = true;
    fetch("/api/account", { credentials: "same-origin", headers: { Accept: "application/json" } })
      .then((r) => {
        if (live) setSignedIn(r.ok);
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [enabled]);
  return signedIn;
}

/** The results of the last press, or `placeholder` (rendered on the server) before the first. */
export function CalculatorResults({ placeholder }: { placeholder: React.ReactNode }) {
  const { calculation } = useCalculation();
  const signedIn = useSignedIn(calculation !== null);
  return (
    <div aria-live="polite" className="lg:col-span-3">
      {calculation ? <Results calculation={calculation} signedIn={signedIn} /> : placeholder}
    </div>
  );
}
