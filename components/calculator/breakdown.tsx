import { BarChart } from "@/components/charts/bar-chart";
import { ChartFigure } from "@/components/charts/chart-figure";
import { formatUsd, type CalculatorResult } from "@/lib/calculator";
import { breakdownBars, describeBreakdown } from "@/lib/charts/series";

/** The calculator's breakdown chart, loaded after the first calculation (components/calculator/calculator-form.tsx). */
export default function Breakdown({ result }: { result: CalculatorResult }) {
  const bars = breakdownBars(result);
  const tones = ["neutral", "increase", "saving", result.netSavings >= 0 ? "saving" : "loss"] as const;
  return (
    <ChartFigure
      id="chart-calculator-breakdown"
      testId="chart-calculator-breakdown"
      title="Where the estimate comes from, per year"
      summary={describeBreakdown(result, formatUsd)}
      table={{
        caption: "Calculator breakdown per year",
        columns: ["Step", "Amount a year"],
        rows: bars.map((b) => [b.label, formatUsd(b.value)]),
      }}
    >
      <BarChart
        id="chart-calculator-breakdown"
        bars={bars.map((b, i) => ({ ...b, tone: tones[i] }))}
        format={formatUsd}
        width={440}
        labelWidth={130}
        labelChars={20}
        rowHeight={28}
      />
    </ChartFigure>
  );
}
