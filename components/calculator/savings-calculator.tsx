"use client";

import * as React from "react";
import { Calculator, PiggyBank } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader } from "@/components/ui/card";
import { useTypedBeforeHydration } from "@/components/forms/use-typed-before-hydration";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import {
  calculateSavings,
  EXAMPLE_MONTHLY_SPENDING,
  formatUsd,
  isValidMonthlySpending,
  MAX_MONTHLY_SPENDING,
  MIN_MONTHLY_SPENDING,
  spendingProblem,
} from "@/lib/calculator";
import dynamic from "next/dynamic";
import type { Calculation } from "./results";

/**
 * The results appear only after a calculation, so their code (figures, links, sources, and
 * the breakdown chart after them) loads then, not with the page (docs/performance.md:
 * JavaScript by load). It is fetched as soon as the amount can be calculated, so it is
 * usually there when the button is pressed.
 */
const loadResults = () => import("./results");
const Results = dynamic(() => loadResults().then((m) => m.Results), {
  loading: () => <p className="text-sm text-slate-600">Working out your savings...</p>,
});

const EXAMPLE = calculateSavings(EXAMPLE_MONTHLY_SPENDING);

/** The typed text as a number, or null while it is empty or not a number. */
function parseAmount(text: string): number | null {
  if (text.trim() === "") return null;
  const n = Number(text);
  return Number.isFinite(n) ? n : null;
}

const HINT_ID = "monthly-spending-hint";
const PROBLEM_ID = "monthly-spending-problem";

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

/**
 * The calculator form and its results (docs/product-rules.md §2, §4, §9; issue 15 item 4). The button
 * stays disabled while the amount is empty, under $50 or over $250,000, and the line under
 * the field (the button's aria-describedby) says why; over the ceiling the field is marked
 * invalid. The result appears only when the button is pressed and is recomputed on each
 * press: typing alone changes nothing.
 */
export function SavingsCalculator() {
  const [amount, setAmount] = React.useState("");
  useTypedBeforeHydration("monthly-spending", setAmount);
  const [calculation, setCalculation] = React.useState<Calculation | null>(null);
  const parsed = parseAmount(amount);
  const canCalculate = parsed !== null && isValidMonthlySpending(parsed);
  const problem = spendingProblem(parsed);
  const signedIn = useSignedIn(calculation !== null);

  React.useEffect(() => {
    if (canCalculate) void loadResults();
  }, [canCalculate]);

  function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (parsed === null || !isValidMonthlySpending(parsed)) return;
    setCalculation({ monthlySpending: parsed, result: calculateSavings(parsed) });
  }

  return (
    <div className="grid gap-8 lg:grid-cols-5">
      <Card className="shadow-md lg:col-span-2 lg:self-start">
        <CardHeader>
          <h2 className="flex items-center gap-2 text-xl font-semibold text-brand-navy">
            <Calculator aria-hidden className="size-5 text-primary" />
            Your monthly spending
          </h2>
          <CardDescription>
            What your household or business spends on goods in a typical month: groceries, clothing, electronics,
            household and hardware items.
          </CardDescription>
        </CardHeader>
        <CardContent>
          <form noValidate onSubmit={onSubmit} className="grid gap-4" data-testid="calculator-form">
            <div className="grid gap-2">
              <Label htmlFor="monthly-spending">
                Monthly spending<span className="sr-only"> in US dollars</span>
              </Label>
              <div className="relative">
                <span
                  aria-hidden
                  className="pointer-events-none absolute inset-y-0 left-0 flex items-center pl-3 text-base font-semibold text-slate-600"
                >
                  $
                </span>
                <Input
                  id="monthly-spending"
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
                  className="h-12 pl-7 text-lg md:text-lg"
                />
              </div>
              <p id={HINT_ID} className="text-sm text-muted-foreground">
                From {formatUsd(MIN_MONTHLY_SPENDING)} to {formatUsd(MAX_MONTHLY_SPENDING)} a month.
              </p>
              {problem === "above-maximum" ? (
                <p id={PROBLEM_ID} role="alert" data-testid="spending-too-high" className="text-sm font-medium text-red-700">
                  That is more than {formatUsd(MAX_MONTHLY_SPENDING)} a month, above what a household or small business spends on
                  goods: the estimate is not meant for it. Enter up to {formatUsd(MAX_MONTHLY_SPENDING)}.
                </p>
              ) : null}
            </div>
            <Button
              type="submit"
              size="lg"
              disabled={!canCalculate}
              aria-describedby={canCalculate ? undefined : "calculate-disabled-reason"}
              data-testid="calculate-button"
              className="w-full"
            >
              <Calculator aria-hidden />
              Calculate My Savings
            </Button>
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
        </CardContent>
      </Card>

      <div aria-live="polite" className="lg:col-span-3">
        {calculation ? <Results calculation={calculation} signedIn={signedIn} /> : <Placeholder />}
      </div>
    </div>
  );
}

function Placeholder() {
  return (
    <div
      data-testid="calculator-placeholder"
      className="flex h-full min-h-64 flex-col items-center justify-center rounded-lg border-2 border-dashed border-slate-300 bg-slate-50 p-8 text-center"
    >
      <PiggyBank aria-hidden className="size-12 text-primary" />
      <h2 className="mt-4 text-xl font-semibold text-brand-navy">Enter your monthly spending to see your savings</h2>
      <p className="mt-2 max-w-md text-slate-700">
        For example, {formatUsd(EXAMPLE_MONTHLY_SPENDING)} a month gives an extra{" "}
        <strong className="font-semibold text-red-700">{formatUsd(EXAMPLE.tariffImpact)} annually</strong> in tariff
        costs.
      </p>
    </div>
  );
}
