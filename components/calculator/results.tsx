"use client";

import type * as React from "react";
import Link from "next/link";
import {
  ArrowRight,
  CalendarClock,
  CirclePlay,
  DollarSign,
  Percent,
  PiggyBank,
  TrendingUp,
  Wallet,
  type LucideIcon,
} from "lucide-react";
import dynamic from "next/dynamic";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader } from "@/components/ui/card";
import { formatPrice, PLANS, TRIAL_DAYS } from "@/lib/catalog";
import {
  ASSUMPTIONS,
  formatDays,
  formatPercent,
  formatUsd,
  SAVINGS_RATE,
  serviceCostCents,
  TARIFF_RATE,
  type Assumption,
  type CalculatorResult,
} from "@/lib/calculator";
import { cn } from "@/lib/utils";

/**
 * The calculator's results (docs/product-rules.md §2, §4, §9), loaded by ./calculator-form.tsx
 * after the first calculation. The breakdown chart appears after them, so its code (the chart
 * library) loads later still.
 */
const Breakdown = dynamic(() => import("./breakdown"), {
  loading: () => <p className="text-sm text-slate-600">Drawing the breakdown chart...</p>,
});

const SERVICE_COST_CENTS = serviceCostCents();

export type Calculation = { monthlySpending: number; result: CalculatorResult };

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
        <>Source: none yet. It is our assumption, not a measurement.</>
      )}
    </li>
  );
}

type FigureProps = React.ComponentProps<typeof Figure>;

/** The six figures of a result, in the order they show. */
function figures(result: CalculatorResult, serviceCost: string): FigureProps[] {
  const netPositive = result.netSavings >= 0;
  return [
    { icon: Wallet, label: "Annual spending", value: formatUsd(result.annualSpending), note: "Your monthly spending × 12", tone: "neutral", testId: "result-annual-spending" },
    {
      icon: TrendingUp,
      label: "Tariff impact",
      value: formatUsd(result.tariffImpact),
      note: `Extra a year at a ${formatPercent(Math.round(TARIFF_RATE * 100))} average tariff`,
      tone: "increase",
      testId: "result-tariff-impact",
    },
    {
      icon: PiggyBank,
      label: "Potential savings",
      value: formatUsd(result.potentialSavings),
      note: `${formatPercent(Math.round(SAVINGS_RATE * 100))} of the impact, avoided by acting on the alerts (our assumption)`,
      tone: "saving",
      testId: "result-potential-savings",
    },
    {
      icon: DollarSign,
      label: "Net savings",
      value: formatUsd(result.netSavings),
      note: `After ${serviceCost} a year for the ${PLANS.consumer.name}`,
      tone: netPositive ? "saving" : "loss",
      testId: "result-net-savings",
    },
    {
      icon: Percent,
      label: "Return on investment",
      value: formatPercent(result.roi),
      note: `Potential savings as a share of ${serviceCost} a year`,
      tone: netPositive ? "saving" : "neutral",
      testId: "result-roi",
    },
    { icon: CalendarClock, label: "Break-even", value: formatDays(result.breakEvenDays), note: "Until your savings cover a year of the plan", tone: "neutral", testId: "result-break-even" },
  ];
}

export function Results({ calculation, signedIn }: { calculation: Calculation; signedIn: boolean }) {
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
          {figures(result, serviceCost).map((figure) => (
            <Figure key={figure.testId} {...figure} />
          ))}
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
            An estimate, not a promise. We assume tariffs add {formatPercent(Math.round(TARIFF_RATE * 100))} to what
            you buy and that acting on the alerts avoids {formatPercent(Math.round(SAVINGS_RATE * 100))} of that. Your
            savings depend on what you buy and where. Our two assumptions, and where they come from:
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
