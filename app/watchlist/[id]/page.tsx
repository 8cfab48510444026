import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { ArrowLeft } from "lucide-react";
import { AccountHeader } from "@/components/accounts/account-header";
import { ProjectionSentence } from "@/components/projection/projection-sentence";
import { ProjectionWorking } from "@/components/projection/projection-working";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader } from "@/components/ui/card";
import { AlternativesBlock } from "@/components/watchlist/alternatives-block";
import { DeleteWatchButton } from "@/components/watchlist/delete-watch-button";
import { WatchSettingsForm } from "@/components/watchlist/watch-settings-form";
import { requireSubscriberPage } from "@/lib/accounts/page-guard";
import { getDb } from "@/lib/db";
import { cheapestPlanWith, planName } from "@/lib/entitlements";
import { findAlternatives } from "@/lib/tariffs/alternatives";
import { signedDollars, signedPct } from "@/lib/tariffs/evidence";
import { isProjectionDocument } from "@/lib/tariffs/projection-document";
import { loadProjectionTables } from "@/lib/tariffs/projection-tables";
import { countryName } from "@/lib/watchlist/countries";
import { cpiReadingFor, releaseLabel } from "@/lib/watchlist/data-as-of";
import { watchWithDocumentOf } from "@/lib/watchlist/queries";
import { isUuid, summaryOf, toView } from "@/lib/watchlist/service";
import { freshStored, refreshProjections } from "@/lib/watchlist/stored-projection";
import { freshnessText } from "@/lib/economy/freshness";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Watch details", robots: { index: false, follow: false } };

type Params = Promise<{ id: string }>;

/**
 * /watchlist/[id]: one watch with its projection, read with its working in one query
 * (lib/watchlist/stored-projection.ts; computed again when it does not hold for today, the
 * law or the watch): the one sentence, then "How we computed this" folded (every input,
 * formula and source), the category's observed CPI beside it (plans with live market data)
 * and the lower-tariff origins (plans with the alternative finder).
 */
export default async function WatchPage({ params }: { params: Params }) {
  const { id } = await params;
  const { subscriber, access } = await requireSubscriberPage(`/watchlist/${id}`);
  const db = getDb();
  const now = new Date();
  const row = isUuid(id) ? await watchWithDocumentOf(db, subscriber.id, id) : null;
  if (!row) notFound();

  const e = access.entitlements;
  const fresh = freshStored(row, now.toISOString().slice(0, 10), row.lawStamp);
  const current =
    fresh && isProjectionDocument(row.document)
      ? { stored: fresh, document: row.document }
      : ((await refreshProjections(db, [row], now)).get(row.id) ?? null);
  const doc = current?.document ?? null;
  const summary = current ? summaryOf(current.stored, row, access) : null;
  const view = toView(row, summary);
  const categoryName = view.categoryName;
  const title = view.kind === "item" ? (view.name ?? "Item") : categoryName;
  const dollarsPlan = e.impactCalculator ? null : planName(cheapestPlanWith("impactCalculator"));
  const cpi = doc && e.liveMarketData ? await cpiReadingFor(db, doc.category) : null;

  let alternatives = null;
  if (doc && e.alternativeFinder) {
    const tables = (await loadProjectionTables(db, [row])).tablesFor(row);
    alternatives = tables
      ? {
          law: tables.law,
          shareSourceIds: [...new Set([...tables.sectorShares.map((s) => s.sourceId), ...(tables.category.importShareSourceId ? [tables.category.importShareSourceId] : [])])],
          result: findAlternatives({
            line: { code: tables.line.code, digits: tables.line.digits, generalAdValorem: tables.line.generalAdValorem, generalRateText: tables.line.generalRateText },
            userOrigin: row.madeIn,
            date: doc.changes[0]?.t1 ?? doc.horizonEnd,
            originShares: [...tables.sectorShares],
            measures: tables.law.measures,
            events: tables.law.events,
            domesticShare: tables.category.importShare === null ? null : Math.max(0, 1 - tables.category.importShare),
          }),
        }
      : null;
  }

  return (
    <>
      <AccountHeader email={subscriber.email} />
      <main id="main" className="min-h-screen bg-gradient-to-b from-blue-50 to-white">
        <div className="mx-auto grid max-w-4xl gap-6 px-4 py-8 sm:px-6 lg:py-12">
          <Link href="/watchlist" className="inline-flex items-center gap-2 text-sm font-medium text-primary underline-offset-2 hover:underline">
            <ArrowLeft aria-hidden className="size-4" /> Your watchlist
          </Link>

          <div className="grid grid-cols-1 gap-2">
            <div className="flex flex-wrap items-center gap-2">
              <h1 className="min-w-0 wrap-anywhere text-2xl font-bold tracking-tight text-brand-navy sm:text-3xl">{title}</h1>
              <Badge variant="secondary">{view.kind === "item" ? "Item" : "Category"}</Badge>
            </div>
            <p className="wrap-anywhere text-sm text-slate-700">
              {view.kind === "item" ? `${categoryName} · ` : ""}
              {doc ? `HTS ${doc.line.code}` : view.htsCode ? `HTS ${view.htsCode}` : ""}
              {view.madeIn ? ` · made in ${countryName(view.madeIn)}` : ""}
              {view.priceCents !== null ? ` · $${(view.priceCents / 100).toFixed(2)}` : ""}
              {view.perYear ? ` · ${view.perYear} a year` : ""}
            </p>
          </div>

          <section aria-labelledby="projection-heading">
            <Card>
              <CardHeader className="pb-3">
                <h2 id="projection-heading" className="text-lg font-semibold">
                  Projected shelf-price change
                </h2>
                <CardDescription>As of {summary?.asOf ?? now.toISOString().slice(0, 10)}, computed from the tariff law in force and scheduled.</CardDescription>
              </CardHeader>
              <CardContent className="grid grid-cols-1 gap-4">
                {summary ? (
                  <ProjectionSentence sentence={summary.sentence} unconfirmed={summary.unconfirmed} className="text-lg" />
                ) : (
                  <p className="text-sm text-slate-700">We could not compute a projection for this watch.</p>
                )}
                {summary?.dollars && view.perYear ? (
                  <p className="text-sm text-slate-700" data-testid="per-year">
                    At {view.perYear} a year: about {signedDollars(summary.dollars.central * view.perYear)} a year.
                  </p>
                ) : null}
                {dollarsPlan && view.priceCents !== null ? (
                  <p className="text-sm text-muted-foreground" data-testid="dollars-upgrade">
                    Dollar figures on your own price of ${(view.priceCents / 100).toFixed(2)} come with the {dollarsPlan}.{" "}
                    <Link href="/pricing" className="font-semibold text-primary underline">
                      See plans
                    </Link>
                  </p>
                ) : null}
                <div className="rounded-md border bg-muted/50 p-3 text-sm" data-testid="cpi-reading">
                  {!e.liveMarketData ? (
                    <p>
                      The category&apos;s observed consumer prices (CPI) beside each projection come with the{" "}
                      {planName(cheapestPlanWith("liveMarketData"))}.
                    </p>
                  ) : cpi ? (
                    <p>
                      Observed: {cpi.label ?? "category"} prices {signedPct(cpi.change12mo, 1)} over 12 months (
                      <span data-testid="cpi-freshness">
                        {freshnessText({ label: "CPI", period: cpi.period, origin: cpi.origin, fetchedAt: cpi.fetchedAt })}
                      </span>
                      ,{" "}
                      <a href={cpi.sourceUrl} target="_blank" rel="noopener noreferrer" className="text-primary underline">
                        BLS series {cpi.seriesId}
                      </a>
                      ). That is every cause together, not only tariffs.
                    </p>
                  ) : (
                    <p>No CPI reading stored for this category yet.</p>
                  )}
                </div>
              </CardContent>
            </Card>
          </section>

          {doc ? (
            <section aria-label="How we computed this">
              <ProjectionWorking doc={doc} priceCents={view.priceCents} dollarsPlan={dollarsPlan} />
            </section>
          ) : null}

          <section aria-labelledby="alternatives-heading">
            <Card>
              <CardHeader>
                <h2 id="alternatives-heading" className="text-lg font-semibold">
                  Lower-tariff sources
                </h2>
              </CardHeader>
              <CardContent>
                {alternatives ? (
                  <AlternativesBlock result={alternatives.result} sources={alternatives.law.sources} shareSourceIds={alternatives.shareSourceIds} />
                ) : !e.alternativeFinder ? (
                  <div className="grid grid-cols-1 gap-3 text-sm" data-testid="alternatives-upgrade">
                    <p>
                      Which origins with real US supply face a lower tariff than yours, with their share of imports and legal basis, comes with the{" "}
                      {planName(cheapestPlanWith("alternativeFinder"))}.
                    </p>
                    <Button asChild variant="outline" size="sm" className="justify-self-start">
                      <Link href="/pricing">Compare plans</Link>
                    </Button>
                  </div>
                ) : (
                  <p className="text-sm text-muted-foreground">No comparison without a tariff line.</p>
                )}
              </CardContent>
            </Card>
          </section>

          <section aria-labelledby="settings-heading">
            <Card>
              <CardHeader>
                <h2 id="settings-heading" className="text-lg font-semibold">
                  Settings
                </h2>
              </CardHeader>
              <CardContent className="grid grid-cols-1 gap-4">
                <WatchSettingsForm
                  id={view.id}
                  horizonDays={view.horizonDays}
                  thresholdPct={view.thresholdPct}
                  customThresholds={e.customThresholds}
                  thresholdPlan={planName(cheapestPlanWith("customThresholds"))}
                  snoozedUntil={view.snoozedUntil}
                />
                <div>
                  <DeleteWatchButton id={view.id} label={title} after="/watchlist" />
                </div>
              </CardContent>
            </Card>
          </section>

          {doc ? (
            <footer className="border-t pt-4 text-xs text-muted-foreground" data-testid="data-as-of">
              Data as of: {releaseLabel(doc.dataVersions.htsRelease ?? null)}
              {doc.dataVersions.htsEffective ? ` (in effect ${doc.dataVersions.htsEffective})` : ""} · measures table {doc.dataVersions.measures} ·{" "}
              {doc.originShareYear ? `origin shares ${doc.originShareYear} (sector level)` : doc.madeIn ? "origin declared by you" : "origin unknown"} · computed{" "}
              {doc.asOf}.
            </footer>
          ) : null}
        </div>
      </main>
    </>
  );
}
