/**
 * The pass-through band: how much of a landed-cost change reaches the shelf, and how fast
 * (docs/tariffs.md, "Engine" → "Projection"). Every number here
 * is cited; the evidence panel of each alert lists these source ids.
 */
import type { PassThroughParams } from "./types";

export const PASS_THROUGH: PassThroughParams = {
  /**
   * θ low = 0.5 · m: half of the tariff dollars reach the shelf. Our inference (labelled so in
   * docs/tariffs.md): Cavallo, Llamas & Vazquez (2025, NBER WP 34496) measure ~20% retail
   * pass-through in 2025, which is ≈ 0.5 · m for m ≈ 0.4; Cavallo, Gopinath, Neiman & Tang
   * (2021) found retail effects "more limited" than at the border (margins fell); Goldman
   * Sachs puts the eventual consumer share at ~55%.
   * θ central = m: full dollar-for-dollar pass-through with constant dollar retail margins,
   * which is what the Fed FEDS note of 2026-04-08 (Minton, Ray, Somale) finds after ~7 months.
   * θ high = 1: constant percentage markups (Flaaen, Hortaçsu & Tintelnot 2020: washers ≥ 110%).
   * m itself (producers' value ÷ purchasers' value of the item's PCE line) comes from the
   * BEA PCE Bridge, per category (shoes 0.355, small appliances 0.539).
   */
  lowFactor: 0.5,
  /**
   * s: how much domestic producers of the same goods raise prices, as a share of the
   * import-weighted landed-cost change. Low 0 (no spill-over); central 0.5 (Cavallo, Llamas &
   * Vazquez 2025: imported goods rose ~2× domestic); high 1 (Flaaen et al. 2020: untariffed
   * dryers rose as much as tariffed washers).
   */
  domesticSpillover: { low: 0, central: 0.5, high: 1 },
  /**
   * r(k) = min(1, k / 7): the shelf absorbs the change evenly over 7 months. Fed FEDS note
   * 2026-04-08: the cumulative effect is "effectively complete" after ~7 months; Cavallo,
   * Llamas & Vazquez 2025: the rise was gradual and steady.
   */
  rampMonths: 7,
  sourceIds: [
    "fed-feds-note-2026-04-08",
    "paper-cavallo-llamas-vazquez-2025",
    "paper-flaaen-hortacsu-tintelnot-2020",
    "paper-cavallo-gopinath-neiman-tang-2021",
    "bea-pce-bridge",
  ],
};
