import type { Metadata } from "next";
import { DutyAnswerView } from "@/components/duty/duty-answer-view";
import { DutyForm } from "@/components/duty/duty-form";
import { BackHeader } from "@/components/site/back-header";
import { SiteFooter } from "@/components/site/site-footer";
import { getDb } from "@/lib/db";
import { firstParam, type SearchParams } from "@/lib/http/search-params";
import { pageMetadata } from "@/lib/seo";
import { dutyQuerySchema, lookupDuty, type DutyLookupResult } from "@/lib/tariffs/duty-answer";

export const metadata: Metadata = pageMetadata({
  title: "Duty lookup",
  description: "What a product pays at the U.S. border from any country on any day: each tariff line by line with its legal basis, scheduled changes included.",
  path: "/duty",
});

/** /duty: the public duty lookup (docs/tariffs.md "Duty lookup"); the question is in the address, the answer rendered on the server. */
export default async function DutyPage({ searchParams }: { searchParams: SearchParams }) {
  const params = await searchParams;
  const today = new Date().toISOString().slice(0, 10);
  const values = { hts: firstParam(params.hts) ?? "", origin: (firstParam(params.origin) ?? "").toUpperCase(), date: firstParam(params.date) || today };
  const asked = params.hts !== undefined || params.origin !== undefined;
  const errors: Record<string, string> = {};
  let result: DutyLookupResult | null = null;
  if (asked) {
    const parsed = dutyQuerySchema.safeParse({ hts: values.hts, origin: values.origin, date: values.date });
    if (parsed.success) result = await lookupDuty(getDb(), parsed.data, today);
    else for (const issue of parsed.error.issues) errors[String(issue.path[0])] ??= issue.message;
    if (result && !result.ok) errors.hts = result.message;
  }
  return (
    <>
      <BackHeader />
      <main id="main" className="bg-gradient-to-b from-blue-50 to-white">
        <div className="mx-auto grid max-w-5xl gap-8 px-4 py-12 sm:px-6">
          <div className="max-w-3xl">
            <p className="text-sm font-semibold uppercase tracking-wide text-primary">Duty lookup</p>
            <h1 className="mt-2 text-4xl font-bold tracking-tight text-brand-navy">What does it pay at the border?</h1>
            <p className="mt-4 text-lg text-slate-700">
              Give a product&rsquo;s HTS code, where it was made and the day it enters the United States, past or future. We add up every
              tariff that applies, line by line, each with the law it comes from and how sure that reading is. What we cannot know is
              shown as unknown.
            </p>
          </div>
          <DutyForm values={values} errors={errors} />
          {result?.ok ? <DutyAnswerView answer={result.answer} /> : null}
        </div>
      </main>
      <SiteFooter />
    </>
  );
}
