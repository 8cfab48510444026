/**
 * The written rules of the economic dashboard: which stored figures raise an alert and
 * how severe it is, and how a tariff document's impact and category are classified.
 * Pure functions of their inputs (the time is an argument); unit tests in
 * tests/unit/economy-rules.test.ts. The same rules and thresholds are listed in
 * docs/economy.md.
 *
 * ALERT RULES (each looks at the latest month of the survey, the "as-of" month)
 *
 *  cpi-headline-12mo   CPI-U All items, change over 12 months (computed from index levels)
 *                        >= 4.0 %  high      >= 3.0 %  medium      (below: no alert)
 *  cpi-category-12mo   a CPI category (not the headline, not a special aggregate such as
 *                      "All items less food"), change over 12 months
 *                        >= 10.0 % high      >= 5.0 %  medium
 *  cpi-one-month       the headline or a CPI category, change from the month before
 *                      (unadjusted index levels)
 *                        >= 5.0 %  high      >= 2.0 %  medium
 *  ppi-12mo            PPI Final demand or a consumer-facing PPI line, change over 12 months
 *                      (computed from index levels; when the levels are missing, the change
 *                      BLS printed, and the alert says so)
 *                        >= 10.0 % high      >= 5.0 %  medium
 *  tariff-document     a tariff document whose impact is high (see below)
 *                        published in the last 30 days high; 31 to 90 days medium; older: none
 *  stale-data          the newest CPI month is more than 2 months before the current month
 *                      (BLS publishes a month's CPI in the middle of the next one)
 *                        low
 *
 * Only increases raise alerts: the dashboard warns about rising prices. Falls show in
 * the data tab, in green.
 *
 * NEWS IMPACT (first rule that matches)
 *   1. A data release (BLS CPI or PPI news release)                               -> low
 *   2. A Presidential Document or a Rule that names a tariff action: tariff(s),
 *      duty/duties, "adjusting imports", reciprocal, inclusions                   -> high
 *   3. A Proposed Rule, or a Notice about an investigation, a request for comments,
 *      a hearing, exclusions, Section 232 or Section 301, or naming a tariff term -> medium
 *   4. Any other Presidential Document or Rule                                    -> medium
 *   5. Anything else                                                              -> low
 *
 * NEWS CATEGORY (first match, on title + description)
 *   steel, aluminum -> "Steel & Aluminum"; automobile, vehicle, auto parts, truck, bus ->
 *   "Autos"; a data release or consumer/producer price index -> "Inflation"; otherwise
 *   "Trade Policy".
 */
import { addMonths, formatPeriod, monthsBetween, periodOf } from "./periods";

export type Severity = "high" | "medium" | "low";
export type Impact = "high" | "medium" | "low";

/** One Federal Register document as the dashboard stores it (from the live API or the committed snapshot). */
export type NewsItem = {
  documentNumber: string;
  title: string;
  description: string;
  source: string;
  documentType: string;
  publishedAt: Date;
  category: string;
  url: string;
  impact: Impact;
};

export const THRESHOLDS = {
  cpiHeadline12mo: { high: 4.0, medium: 3.0 },
  cpiCategory12mo: { high: 10.0, medium: 5.0 },
  cpiOneMonth: { high: 5.0, medium: 2.0 },
  ppi12mo: { high: 10.0, medium: 5.0 },
  tariffDocumentDays: { high: 30, medium: 90 },
  staleAfterMonths: 2,
} as const;

export const SEVERITY_RANK: Record<Severity, number> = { high: 0, medium: 1, low: 2 };

/** A series' figures at its survey's as-of month, as the dashboard shows them. */
export type SeriesFigure = {
  seriesId: string;
  survey: "CPI" | "PPI";
  label: string;
  role: "headline" | "category" | "aggregate";
  /** The survey's as-of month (YYYY-MM). */
  period: string;
  value: number | null;
  change12mo: number | null;
  /** computed from stored index levels, or as BLS printed it (only when the levels are missing). */
  change12moBasis: "computed" | "published" | null;
  /** Computed from stored unadjusted levels; null when either month is missing. */
  changeOneMonth: number | null;
  preliminary: boolean;
  origin: string;
  sourceUrl: string;
  fetchedAt: Date;
};

export type NewsFigure = {
  documentNumber: string;
  title: string;
  description: string;
  documentType: string;
  publishedAt: Date;
  impact: Impact;
  url: string;
  origin: string;
  sourceUrl: string;
  fetchedAt: Date;
};

export type AlertDraft = {
  ruleId: string;
  subjectKey: string;
  period: string;
  severity: Severity;
  title: string;
  message: string;
  origin: string;
  sourceUrl: string;
  dataFetchedAt: Date;
  /** Orders alerts of one severity: the size of the change, or for documents how recent. Not stored. */
  score: number;
};

function grade(value: number | null, t: { high: number; medium: number }): Severity | null {
  if (value === null) return null;
  if (value >= t.high) return "high";
  if (value >= t.medium) return "medium";
  return null;
}

const pct = (n: number) => `${n.toFixed(1)}%`;
const lower = (label: string) => (label === label.toUpperCase() ? label : label.charAt(0).toLowerCase() + label.slice(1));

function fromSeries(f: SeriesFigure, ruleId: string, severity: Severity, score: number, title: string, message: string): AlertDraft {
  return { ruleId, subjectKey: f.seriesId, period: f.period, severity, title, message, origin: f.origin, sourceUrl: f.sourceUrl, dataFetchedAt: f.fetchedAt, score };
}

export function cpiHeadlineRule(f: SeriesFigure): AlertDraft | null {
  if (f.survey !== "CPI" || f.role !== "headline" || f.change12moBasis !== "computed") return null;
  const severity = grade(f.change12mo, THRESHOLDS.cpiHeadline12mo);
  if (!severity || f.change12mo === null) return null;
  return fromSeries(
    f,
    "cpi-headline-12mo",
    severity,
    f.change12mo,
    `Consumer prices up ${pct(f.change12mo)} over 12 months`,
    `The Consumer Price Index for all items (CPI-U, U.S. city average) rose ${pct(f.change12mo)} from ${formatPeriod(addMonths(f.period, -12))} to ${formatPeriod(f.period)}.`,
  );
}

export function cpiCategoryRule(f: SeriesFigure): AlertDraft | null {
  if (f.survey !== "CPI" || f.role !== "category" || f.change12moBasis !== "computed") return null;
  const severity = grade(f.change12mo, THRESHOLDS.cpiCategory12mo);
  if (!severity || f.change12mo === null) return null;
  return fromSeries(
    f,
    "cpi-category-12mo",
    severity,
    f.change12mo,
    `${f.label} up ${pct(f.change12mo)} over 12 months`,
    `CPI-U ${lower(f.label)}: index ${f.value?.toFixed(3)} in ${formatPeriod(f.period)}, ${pct(f.change12mo)} above ${formatPeriod(addMonths(f.period, -12))}.`,
  );
}

export function cpiOneMonthRule(f: SeriesFigure): AlertDraft | null {
  if (f.survey !== "CPI" || f.role === "aggregate") return null;
  const severity = grade(f.changeOneMonth, THRESHOLDS.cpiOneMonth);
  if (!severity || f.changeOneMonth === null) return null;
  return fromSeries(
    f,
    "cpi-one-month",
    severity,
    f.changeOneMonth,
    `${f.label} up ${pct(f.changeOneMonth)} in one month`,
    `CPI-U ${lower(f.label)} rose ${pct(f.changeOneMonth)} from ${formatPeriod(addMonths(f.period, -1))} to ${formatPeriod(f.period)} (not seasonally adjusted).`,
  );
}

export function ppiRule(f: SeriesFigure): AlertDraft | null {
  if (f.survey !== "PPI" || f.role === "aggregate") return null;
  const severity = grade(f.change12mo, THRESHOLDS.ppi12mo);
  if (!severity || f.change12mo === null) return null;
  const basis = f.change12moBasis === "published" ? "as published by BLS" : "computed from BLS index levels";
  const preliminary = f.preliminary ? "; preliminary figures, revised by BLS four months later" : "";
  return fromSeries(
    f,
    "ppi-12mo",
    severity,
    f.change12mo,
    `Producer prices for ${lower(f.label)} up ${pct(f.change12mo)} over 12 months`,
    `PPI ${lower(f.label)} rose ${pct(f.change12mo)} in the 12 months to ${formatPeriod(f.period)} (${basis}${preliminary}). Higher producer prices tend to reach shop prices later.`,
  );
}

const DAY_MS = 24 * 60 * 60 * 1000;

export function tariffDocumentRule(n: NewsFigure, now: Date): AlertDraft | null {
  if (n.impact !== "high") return null;
  const ageDays = (now.getTime() - n.publishedAt.getTime()) / DAY_MS;
  if (ageDays < -1) return null; // dated in the future: not trusted
  const severity: Severity | null = ageDays <= THRESHOLDS.tariffDocumentDays.high ? "high" : ageDays <= THRESHOLDS.tariffDocumentDays.medium ? "medium" : null;
  if (!severity) return null;
  const date = n.publishedAt.toISOString().slice(0, 10);
  const summary = n.description ? ` ${firstSentence(n.description)}` : "";
  return {
    ruleId: "tariff-document",
    subjectKey: n.documentNumber,
    period: date,
    severity,
    title: `New tariff action: ${truncate(n.title, 110)}`,
    message: `${n.documentType} published in the Federal Register on ${date}.${summary}`,
    origin: n.origin,
    sourceUrl: n.url,
    dataFetchedAt: n.fetchedAt,
    score: -ageDays,
  };
}

export function staleDataRule(latestCpi: SeriesFigure | undefined, now: Date): AlertDraft | null {
  if (!latestCpi) return null;
  const behind = monthsBetween(latestCpi.period, periodOf(now));
  if (behind <= THRESHOLDS.staleAfterMonths) return null;
  return {
    ruleId: "stale-data",
    subjectKey: "CPI",
    period: latestCpi.period,
    severity: "low",
    title: `Economic figures are from ${formatPeriod(latestCpi.period)}`,
    message: `The newest CPI month in the store is ${formatPeriod(latestCpi.period)}. Newer months arrive when the refresh from the BLS API runs; until then the dashboard shows the last good data.`,
    origin: latestCpi.origin,
    sourceUrl: latestCpi.sourceUrl,
    dataFetchedAt: latestCpi.fetchedAt,
    score: behind,
  };
}

/** Every alert the rules raise for the stored figures, most severe first. */
export function computeAlerts(input: { series: readonly SeriesFigure[]; news: readonly NewsFigure[]; now: Date }): AlertDraft[] {
  const alerts: AlertDraft[] = [];
  for (const f of input.series) {
    for (const rule of [cpiHeadlineRule, cpiCategoryRule, cpiOneMonthRule, ppiRule]) {
      const a = rule(f);
      if (a) alerts.push(a);
    }
  }
  for (const n of input.news) {
    const a = tariffDocumentRule(n, input.now);
    if (a) alerts.push(a);
  }
  const headline = input.series.find((f) => f.survey === "CPI" && f.role === "headline" && f.value !== null);
  const stale = staleDataRule(headline, input.now);
  if (stale) alerts.push(stale);
  return alerts.sort((a, b) => SEVERITY_RANK[a.severity] - SEVERITY_RANK[b.severity] || b.score - a.score || a.title.localeCompare(b.title));
}

// --- news classification ---------------------------------------------------------------------

const TARIFF_ACTION = /\btariffs?\b|(?<![-\w])dut(?:y|ies)\b|adjusting imports|\breciprocal\b|\binclusions?\b/i;
const REVIEW_TERMS = /\binvestigation\b|request for (?:public )?comments?|\bhearing\b|\bexclusions?\b|section 232|section 301/i;

/** Impact of a document on prices, by the numbered rules above. */
export function classifyImpact(doc: { documentType: string; title: string; description: string }): Impact {
  const text = `${doc.title} ${doc.description}`;
  const type = doc.documentType;
  if (type === "Data Release") return "low";
  const decisive = type === "Presidential Document" || type === "Rule";
  if (decisive && TARIFF_ACTION.test(text)) return "high";
  if (type === "Proposed Rule") return "medium";
  if (type === "Notice" && (REVIEW_TERMS.test(text) || TARIFF_ACTION.test(text))) return "medium";
  if (decisive) return "medium";
  return "low";
}

export type NewsCategory = "Steel & Aluminum" | "Autos" | "Inflation" | "Trade Policy";

export function classifyCategory(doc: { documentType: string; title: string; description: string }): NewsCategory {
  const text = `${doc.title} ${doc.description}`;
  if (/\bsteel\b|\balumin(?:um|ium)\b/i.test(text)) return "Steel & Aluminum";
  if (/\bautomobiles?\b|\bvehicles?\b|auto parts|\btrucks?\b|\bbus(?:es)?\b/i.test(text)) return "Autos";
  if (doc.documentType === "Data Release" || /(?:consumer|producer) price index/i.test(text)) return "Inflation";
  return "Trade Policy";
}

/**
 * The Federal Register type of a snapshot document, which the snapshot does not carry:
 * BLS releases are data releases; proclamations, executive orders and the President's
 * messages are presidential documents; "interim final rule"/"final rule" are rules;
 * "proposed rule" is a proposed rule; the rest are notices.
 */
export function inferDocumentType(doc: { title: string; description: string; source: string }): string {
  if (/bureau of labor statistics/i.test(doc.source)) return "Data Release";
  if (/^(proclamation|executive order)\b/i.test(doc.title) || /presidential documents|communication from the president/i.test(doc.source)) {
    return "Presidential Document";
  }
  if (/proposed rule/i.test(doc.description)) return "Proposed Rule";
  if (/\bfinal rule\b/i.test(doc.description)) return "Rule";
  return "Notice";
}

function firstSentence(text: string): string {
  const m = /^(.{20,300}?[.!?])(\s|$)/.exec(text.trim());
  return truncate(m ? m[1]! : text.trim(), 300);
}

function truncate(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max - 1).trimEnd()}…`;
}
