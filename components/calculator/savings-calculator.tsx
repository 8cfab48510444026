import { Calculator, PiggyBank } from "lucide-react";
import { buttonClassName } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader } from "@/components/ui/card";
import { inputClassName } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { calculateSavings, EXAMPLE_MONTHLY_SPENDING, formatUsd } from "@/lib/calculator";
import { CalculatorForm, CalculatorProvider, CalculatorResults } from "./calculator-form";

const EXAMPLE = calculateSavings(EXAMPLE_MONTHLY_SPENDING);

/**
 * The calculator (/calculator), rendered on the server around its browser parts
 * (./calculator-form.tsx): the card, its heading, the field's label, the button's text and the
 * placeholder are plain HTML, and the field's and button's classes are merged here.
 */
export function SavingsCalculator() {
  return (
    <CalculatorProvider>
      <div className="grid gap-8 lg:grid-cols-5">
        <Card className="shadow-md lg:col-span-2 lg:self-start">
          <CardHeader>
            <h2 className="flex items-center gap-2 text-xl font-semibold text-brand-navy">
              <Calculator aria-hidden className="size-5 text-primary" />
              Your monthly spending
            </h2>
            <CardDescription>
              What your household or business spends on goods in a typical month: groceries, clothing, electronics, household and
              hardware items.
            </CardDescription>
          </CardHeader>
          <CardContent>
            <CalculatorForm
              label={
                <Label htmlFor="monthly-spending">
                  Monthly spending<span className="sr-only"> in US dollars</span>
                </Label>
              }
              submitLabel={
                <>
                  <Calculator aria-hidden />
                  Calculate My Savings
                </>
              }
              classes={{ input: inputClassName("h-12 pl-7 text-lg md:text-lg"), button: buttonClassName({ size: "lg", className: "w-full" }) }}
            />
          </CardContent>
        </Card>
        <CalculatorResults placeholder={<Placeholder />} />
      </div>
    </CalculatorProvider>
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
        <strong className="font-semibold text-red-700">{formatUsd(EXAMPLE.tariffImpact)} annually</strong> in tariff costs.
      </p>
    </div>
  );
}
