/**
 * The tariff savings calculator (docs/product-rules.md §9, §D1). Pure: no I/O, safe
 * in the browser and on the server.
 *
 * Formula, for a monthly spending `m` in US dollars:
 *
 *   annualSpending   = m x 12
 *   tariffImpact     = annualSpending x TARIFF_RATE (0.17)        the extra a year tariffs cost
 *   potentialSavings = tariffImpact x SAVINGS_RATE (0.65)         the share alerts help avoid
 *   serviceCost      = Consumer plan price x 12                   from the price catalog ($120 a year)
 *   netSavings       = potentialSavings - serviceCost             may be negative for small budgets
 *   roi              = potentialSavings / serviceCost x 100       whole percent
 *   breakEvenDays    = ceil(serviceCost / potentialSavings x 365) whole days
 *
 * So $500 a month gives 6,000 / 1,020 / 663 / 543 / 553% / 67 days (the decided figures).
 *
 * The spec's "roi = savings / service cost" is read as *potential* savings: 663 / 120 = 552.5%
 * rounds to the decided 553%, whereas net savings would give 452.5%.
 *
 * Rounding (everything is computed in integer cents, so no float noise such as
 * 6000 x 0.17 = 1020.0000000000001 leaks into the results):
 * - the input is taken to the nearest cent;
 * - tariffImpact and potentialSavings are each rounded to the nearest cent (half up);
 *   annualSpending and netSavings are then exact;
 * - the money figures are returned in dollars with at most two decimals;
 * - roi is rounded to the nearest whole percent, halves up (552.5 -> 553);
 * - breakEvenDays is rounded up to a whole day (66.06 -> 67): you have not broken even
 *   until the day is over.
 *
 * Invalid input (not a finite number, below MIN_MONTHLY_SPENDING or above
 * MAX_MONTHLY_SPENDING) throws a RangeError: the form never calls with such a value
 * (its button stays disabled and says why, see `spendingProblem`), so reaching it is a bug.
 *
 * The two rates are assumptions, stated on the page to the reader as ours, with their sources
 * (`ASSUMPTIONS`, docs/product-rules.md §D9): the 17% factor (the product spec's figure, close
 * to The Budget Lab at Yale's average effective tariff rate in Aug-Oct 2025) and the 65% share
 * (the product spec's, with no study behind it, and said so).
 */
import { formatPrice, PLANS } from "@/lib/catalog";

/** The tariff factor applied to everything entered (spec: 17%; see ASSUMPTIONS.tariffFactor). */
export const TARIFF_RATE = 0.17;
/** Share of the tariff impact the alerts and alternatives help avoid (spec: 65%; see ASSUMPTIONS.avoidableShare). */
export const SAVINGS_RATE = 0.65;
/** The calculator's minimum monthly spending, in dollars (docs/product-rules.md §5). */
export const MIN_MONTHLY_SPENDING = 50;
/**
 * The most a household or small business plausibly spends on goods in a month: $250,000
 * ($3 million a year). A round ceiling chosen for the product, not taken from a study: far
 * above any household and above most small shops' purchasing. Above it the estimate is not
 * meant to apply and the form refuses the amount with a message instead of printing
 * figures such as a 1,104,999,999% ROI. It also keeps every figure a safe integer of cents.
 */
export const MAX_MONTHLY_SPENDING = 250_000;

export type Assumption = {
  /** As shown: "17%". */
  value: string;
  label: string;
  /** Where the number comes from, in one or two sentences. */
  basis: string;
  source: { name: string; url: string; date: string } | null;
};

/**
 * The calculator's two assumptions with their sources and dates, shown under the results
 * (docs/product-rules.md §D9).
 */
export const ASSUMPTIONS: { tariffFactor: Assumption; avoidableShare: Assumption } = {
  tariffFactor: {
    value: "17%",
    label: "Tariff factor",
    basis:
      "Our assumption, close to the average effective US tariff rate on imports from August to mid-October 2025 " +
      "(17.7% to 18.1%); that rate was 11.4% on 26 March 2026. We apply it to everything you enter, as if all of it were " +
      "imported and every tariff were passed on to you in full, so your real figure is likely lower.",
    source: {
      name: "The Budget Lab at Yale, tariff-impact-tracker F1_daily_etr.csv",
      url: "https://budgetlab.yale.edu/research/tracking-economic-effects-tariffs",
      date: "2026-03-26",
    },
  },
  avoidableShare: {
    value: "65%",
    label: "Avoidable share",
    basis:
      "Our assumption of how much of that cost you can avoid by acting on the alerts: buying before a change takes effect, " +
      "or choosing goods made in a country that pays less tariff. No study or measurement of TariffWatch members backs it yet.",
    source: null,
  },
};

/** Why an amount is not accepted (for the form's message), or null when it is. */
export function spendingProblem(monthlySpending: number | null): "empty" | "below-minimum" | "above-maximum" | null {
  if (monthlySpending === null || !Number.isFinite(monthlySpending)) return "empty";
  if (monthlySpending < MIN_MONTHLY_SPENDING) return "below-minimum";
  if (monthlySpending > MAX_MONTHLY_SPENDING) return "above-maximum";
  return null;
}
/** The placeholder's example: "$500 a month gives an extra $1,020 annually". */
export const EXAMPLE_MONTHLY_SPENDING = 500;

const MONTHS_PER_YEAR = 12;
const DAYS_PER_YEAR = 365;

export type CalculatorResult = {
  /** Dollars a year: monthly spending x 12. */
  annualSpending: number;
  /** Dollars a year that tariffs add. */
  tariffImpact: number;
  /** Dollars a year the alerts help avoid. */
  potentialSavings: number;
  /** Potential savings minus the yearly service cost, in dollars (may be negative). */
  netSavings: number;
  /** Potential savings as a whole percent of the yearly service cost. */
  roi: number;
  /** Days until the savings have paid for a year of the service (rounded up). */
  breakEvenDays: number;
};

export type CalculatorOptions = {
  /** The plan's monthly price in cents; defaults to the catalog's Consumer plan. */
  monthlyPriceCents?: number;
};

/** Yearly service cost in cents: the plan's monthly price x 12. */
export function serviceCostCents(opts: CalculatorOptions = {}): number {
  return (opts.monthlyPriceCents ?? PLANS.consumer.amountCents) * MONTHS_PER_YEAR;
}

/** True when the calculator accepts this monthly spending (dollars). */
export function isValidMonthlySpending(monthlySpending: number): boolean {
  return (
    Number.isFinite(monthlySpending) &&
    monthlySpending >= MIN_MONTHLY_SPENDING &&
    monthlySpending <= MAX_MONTHLY_SPENDING
  );
}

/**
 * `cents x rate`, rounded to the nearest cent (halves up). The rate goes through basis
 * points so the product is an exact integer: 0.65 is not exact in binary, and
 * 11230 x 0.65 must be exactly 7299.5 (-> 7300), not 7299.499999.
 */
function applyRate(cents: number, rate: number): number {
  return Math.round((cents * Math.round(rate * 10_000)) / 10_000);
}

/** See the module comment for the formula and the rounding. Throws RangeError on invalid input. */
export function calculateSavings(monthlySpending: number, opts: CalculatorOptions = {}): CalculatorResult {
  if (!isValidMonthlySpending(monthlySpending)) {
    throw new RangeError(
      `Monthly spending must be a number from ${MIN_MONTHLY_SPENDING} to ${MAX_MONTHLY_SPENDING}; got ${monthlySpending}.`,
    );
  }
  const costCents = serviceCostCents(opts);
  if (!Number.isInteger(costCents) || costCents <= 0) {
    throw new RangeError(`The plan price must be a positive whole number of cents; got ${opts.monthlyPriceCents}.`);
  }

  const annualCents = Math.round(monthlySpending * 100) * MONTHS_PER_YEAR;
  const impactCents = applyRate(annualCents, TARIFF_RATE);
  const potentialCents = applyRate(impactCents, SAVINGS_RATE);
  const netCents = potentialCents - costCents;

  return {
    annualSpending: annualCents / 100,
    tariffImpact: impactCents / 100,
    potentialSavings: potentialCents / 100,
    netSavings: netCents / 100,
    // Integer cents on both sides, so an exact half (552.5) really is a half.
    roi: Math.round((potentialCents * 100) / costCents),
    breakEvenDays: Math.ceil((costCents * DAYS_PER_YEAR) / potentialCents),
  };
}

/**
 * A dollar amount as text with the locale's grouping: "$6,000", "$112.20", "-$47.07".
 * Whole dollars drop ".00" (the catalog's `formatPrice`, which takes cents).
 */
export function formatUsd(dollars: number): string {
  return formatPrice(Math.round(dollars * 100));
}

/** Whole numbers with grouping, created on first use (lib/catalog's priceFormats says why). */
let whole: Intl.NumberFormat | undefined;
const wholeNumber = (n: number): string => (whole ??= new Intl.NumberFormat("en-US")).format(n);

/** "553%", "1,234%". */
export function formatPercent(wholePercent: number): string {
  return `${wholeNumber(wholePercent)}%`;
}

/** "67 days", "1 day". */
export function formatDays(days: number): string {
  return `${wholeNumber(days)} ${days === 1 ? "day" : "days"}`;
}
