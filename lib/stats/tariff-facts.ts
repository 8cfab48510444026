/**
 * Facts about tariffs that the public pages quote, each with its source and date
 * (docs/product-rules.md §D9; docs/claims.md). Copied from The Budget Lab at Yale's daily
 * effective-tariff-rate series (tariff-impact-tracker, website/csv/F1_daily_etr.csv at
 * commit 0911eb1, 2026-03-27): the import-weighted statutory rate on US imports, Census
 * 2024 import weights. The series ends on 2026-03-26; later changes (Section 122 expiry,
 * forced-labor Section 301 on 2026-07-24) are not in it, so the page says "on <date>".
 */

export type TariffFact = {
  id: "etr-2025-01-01" | "etr-peak-2025" | "etr-latest";
  /** Percent, one decimal, as shown. */
  value: string;
  /** The day the rate held (ISO). */
  date: string;
  label: string;
  detail: string;
};

export const ETR_SOURCE = {
  name: "The Budget Lab at Yale, Tariff Rate Tracker (daily effective tariff rate)",
  url: "https://github.com/Budget-Lab-Yale/tariff-impact-tracker/blob/0911eb116dca88d3845bc524aeb40b06a7e9e2f6/website/csv/F1_daily_etr.csv",
  publishedAt: "2026-03-27",
  /** The last day the series covers. */
  through: "2026-03-26",
} as const;

/** Series values (fractions) rounded to one decimal of a percent: 0.02683 → 2.7%, 0.23227 → 23.2%, 0.11417 → 11.4%. */
export const TARIFF_FACTS: readonly TariffFact[] = [
  {
    id: "etr-2025-01-01",
    value: "2.7%",
    date: "2025-01-01",
    label: "Average effective US tariff rate, 1 Jan 2025",
    detail: "Import-weighted rate before the 2025 tariff actions.",
  },
  {
    id: "etr-peak-2025",
    value: "23.2%",
    date: "2025-04-11",
    label: "Peak of the series, 11 Apr 2025",
    detail: "The highest value of the series (1 Jan 2025 to 26 Mar 2026).",
  },
  {
    id: "etr-latest",
    value: "11.4%",
    date: ETR_SOURCE.through,
    label: "Average effective US tariff rate, 26 Mar 2026",
    detail: "Unchanged since 20 Feb 2026, the day the Supreme Court struck down the IEEPA tariffs; the series ends here.",
  },
];
