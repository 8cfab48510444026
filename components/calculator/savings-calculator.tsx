"use client";

import * as React from "react";
import Link from "next/link";
import {
  ArrowRight,
  Calculator,
  CalendarClock,
  CirclePlay,
  DollarSign,
  Percent,
  PiggyBank,
  TrendingUp,
  Wallet,
  type LucideIcon,
} from "lucide-react";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader } from "@/components/ui/card";
import { useTypedBeforeHydration } from "@/components/forms/use-typed-before-hydration";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { formatPrice, PLANS, TRIAL_DAYS } from "@/lib/catalog";
import {
  calculateSavings,
  EXAMPLE_MONTHLY_SPENDING,
  formatDays,
  formatPercent,
  formatUsd,
  isValidMonthlySpending,
  MAX_MONTHLY_SPENDING,
  MIN_MONTHLY_SPENDING,
  ASSUMPTIONS,
  SAVINGS_RATE,
  serviceCostCents,
  spendingProblem,
  TARIFF_RATE,
  type Assumption,
  type CalculatorResult,
} from "@/lib/calculator";
import { cn } from "@/lib/utils";
import dynamic from "next/dynamic";

/**
 * The breakdown chart appears only after a calculation, so its code (the chart library) loads
 * then, not with the page (docs/performance.md: JavaScript by load).
 */
const Breakdown = dynamic(() => import("./breakdown"), {
  loading: () => <p className="text-sm text-slate-600">Drawing the breakdown chart...</p>,
});

const EXAMPLE = calculateSavings(EXAMPLE_MONTHLY_SPENDING);
const SERVICE_COST_CENTS = serviceCostCents();

/** The typed text as a number, or null while it is empty or not a number. */
function parseAmount(text: string): number | null {
  if (text.trim() === "") return null;
  const n = Number(text);
  return Number.isFinite(n) ? n : null;
}

type Calculation = { monthlySpending: number; result: CalculatorResult };

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

type Tone = "neutral" | "increase" | "saving" | "loss";

const toneClass: Record<Tone, string> = {
  neutral: "text-slate-900",
  increase: "text-red-700",
  saving: "text-green-800",
  loss: "text-red-700",
};

function Figure({
  icon: Icon,
  label,
  value,
  note,
  tone,
  testId,
}: {
  icon: LucideIcon;
  label: string;
  value: string;
  note: string;
  tone: Tone;
  testId: string;
}) {
  return (
    <div className="rounded-lg border border-slate-200 bg-white p-4">
      <dt className="flex items-center gap-2 text-sm font-medium text-slate-700">
        <Icon aria-hidden className="size-4 text-slate-500" />
        {label}
      </dt>
      <dd className={cn("mt-1 text-2xl font-bold tabular-nums", toneClass[tone])} data-testid={testId}>
        {value}
      </dd>
      <dd className="mt-1 text-xs text-slate-600">{note}</dd>
    </div>
  );
}

function AssumptionItem({ a, testId }: { a: Assumption; testId: string }) {
  return (
    <li data-testid={testId}>
      <span className="font-semibold text-slate-900">
        {a.label} {a.value}:
      </span>{" "}
      {a.basis}{" "}
      {a.source ? (
        <>
          Source:{" "}
          <a href={a.source.url} className="text-primary underline underline-offset-2" rel="noopener noreferrer">
            {a.source.name}
          </a>
          , as of {a.source.date}.
        </>
      ) : (
        <>Source: the product specification (no outside source).</>
      )}
    </li>
  );
}

function Results({ calculation, signedIn }: { calculation: Calculation; signedIn: boolean }) {
  const { monthlySpending, result } = calculation;
  const serviceCost = formatPrice(SERVICE_COST_CENTS);
  const netPositive = result.netSavings >= 0;
  return (
    <Card data-testid="calculator-results" className="border-blue-200 shadow-md">
      <CardHeader>
        <h2 className="text-xl font-semibold text-brand-navy">Your estimated tariff savings</h2>
        <CardDescription>
          Based on <span data-testid="result-monthly-spending">{formatUsd(monthlySpending)}</span> a month of spending.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6">
        <dl className="grid gap-3 sm:grid-cols-2">
          <Figure
            icon={Wallet}
            label="Annual spending"
            value={formatUsd(result.annualSpending)}
            note="Your monthly spending × 12"
            tone="neutral"
            testId="result-annual-spending"
          />
          <Figure
            icon={TrendingUp}
            label="Tariff impact"
            value={formatUsd(result.tariffImpact)}
            note={`Extra a year at a ${formatPercent(Math.round(TARIFF_RATE * 100))} average tariff`}
            tone="increase"
            testId="result-tariff-impact"
          />
          <Figure
            icon={PiggyBank}
            label="Potential savings"
            value={formatUsd(result.potentialSavings)}
            note={`${formatPercent(Math.round(SAVINGS_RATE * 100))} of the impact, avoided with alerts and alternatives`}
            tone="saving"
            testId="result-potential-savings"
          />
          <Figure
            icon={DollarSign}
            label="Net savings"
            value={formatUsd(result.netSavings)}
            note={`After ${serviceCost} a year for the ${PLANS.consumer.name}`}
            tone={netPositive ? "saving" : "loss"}
            testId="result-net-savings"
          />
          <Figure
            icon={Percent}
            label="Return on investment"
            value={formatPercent(result.roi)}
            note={`Potential savings as a share of ${serviceCost} a year`}
            tone={netPositive ? "saving" : "neutral"}
            testId="result-roi"
          />
          <Figure
            icon={CalendarClock}
            label="Break-even"
            value={formatDays(result.breakEvenDays)}
            note="Until your savings cover a year of the plan"
            tone="neutral"
            testId="result-break-even"
          />
        </dl>
        {!netPositive ? (
          <p className="rounded-md bg-amber-50 p-3 text-sm text-amber-900">
            At this spending level the plan costs more than it is likely to save. The {TRIAL_DAYS}-day free trial
            lets you check for yourself at no cost.
          </p>
        ) : null}
        <Breakdown result={result} />
        <p className="text-sm text-slate-700" data-testid="calculator-watchlist-note">
          {signedIn
            ? "Put the products you buy on your watchlist and we alert you when their tariffs change."
            : `Start a watchlist: the ${TRIAL_DAYS}-day free trial lets you list the products you buy and alerts you when their tariffs change.`}
        </p>
        <div className="flex flex-col gap-3 sm:flex-row">
          <Button asChild size="lg" variant="success" className="flex-1">
            {signedIn ? (
              <Link href="/watchlist" data-testid="calculator-watchlist-link">
                Start a watchlist
                <ArrowRight aria-hidden />
              </Link>
            ) : (
              <Link href="/free-trial" data-testid="calculator-trial-link">
                Start {TRIAL_DAYS}-Day Free Trial
                <ArrowRight aria-hidden />
              </Link>
            )}
          </Button>
          <Button asChild size="lg" variant="outline" className="flex-1">
            <Link href="/demo" data-testid="calculator-demo-link">
              <CirclePlay aria-hidden />
              See How It Works
            </Link>
          </Button>
        </div>
        <div className="text-xs text-slate-600" data-testid="calculator-assumptions">
          <p>
            An estimate, not a promise: it assumes tariffs add {formatPercent(Math.round(TARIFF_RATE * 100))} to what
            you buy and that alerts and cheaper alternatives help you avoid{" "}
            {formatPercent(Math.round(SAVINGS_RATE * 100))} of that. Your savings depend on what you buy and where.
          </p>
          <ul className="mt-2 list-disc space-y-1 pl-4">
            <AssumptionItem a={ASSUMPTIONS.tariffFactor} testId="assumption-tariff-factor" />
            <AssumptionItem a={ASSUMPTIONS.avoidableShare} testId="assumption-avoidable-share" />
          </ul>
        </div>
      </CardContent>
    </Card>
  );
}
