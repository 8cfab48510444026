import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { ArrowLeft } from "lucide-react";
import { AccountHeader } from "@/components/accounts/account-header";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader } from "@/components/ui/card";
import { AlternativesBlock } from "@/components/watchlist/alternatives-block";
import { DeleteWatchButton } from "@/components/watchlist/delete-watch-button";
import { formatDay, ProjectionBand } from "@/components/watchlist/figures";
import { HowComputed } from "@/components/watchlist/how-computed";
import { WatchSettingsForm } from "@/components/watchlist/watch-settings-form";
import { requireSubscriberPage } from "@/lib/accounts/page-guard";
import { findAlternatives } from "@/lib/alerts/alternatives";
import { signedPct } from "@/lib/alerts/evidence";
import { getDb } from "@/lib/db";
import { cheapestPlanWith, planName } from "@/lib/entitlements";
import { loadLaw } from "@/lib/tariffs/law";
import { countryName } from "@/lib/watchlist/countries";
import { cpiReadingFor, projectWatch, releaseLabel } from "@/lib/watchlist/projection";
import { getWatch, toView } from "@/lib/watchlist/service";
import { freshnessText } from "@/lib/economy/freshness";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Watch details", robots: { index: false, follow: false } };

type Params = Promise<{ id: string }>;

/**
 * /watchlist/[id]: one watch with its projection, "How we computed this" (every input,
 * formula and source), the category's observed CPI beside it (plans with live market
 * data) and the lower-tariff origins (plans with the alternative finder).
 */
export default async function WatchPage({ params }: { params: Params }) {
  const { id } = await params;
  const { subscriber, access } = await requireSubscriberPage(`/watchlist/${id}`);
  const db = getDb();
  const now = new Date();
  const row = await getWatch(db, subscriber.id, id);
  if (!row) notFound();

  const e = access.entitlements;
  const law = await loadLaw(db);
  const wp = await projectWatch(db, row, now, { dollars: e.impactCalculator, law });
  const cpi = wp && e.liveMarketData ? await cpiReadingFor(db, wp.category) : null;
  const categoryName = wp?.category.name ?? row.categoryId;
  const view = toView(row, categoryName, null);
  const title = view.kind === "item" ? (view.name ?? "Item") : categoryName;
  const band = wp?.projection.band ?? null;
  const dollarsPlan = e.impactCalculator ? null : planName(cheapestPlanWith("impactCalculator"));

  const alternatives =
    wp && e.alternativeFinder
      ? findAlternatives({
          line: { code: wp.line.code, digits: wp.line.digits, generalAdValorem: wp.line.generalAdValorem, generalRateText: wp.line.generalRateText },
          userOrigin: row.madeIn,
          date: wp.t1,
          originShares: wp.sectorShares,
          measures: law.measures,
          events: law.events,
          domesticShare: wp.domesticShare,
        })
      : null;

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
              {wp ? `HTS ${wp.line.code}` : view.htsCode ? `HTS ${view.htsCode}` : ""}
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
                <CardDescription>
                  {!wp
                    ? "We could not compute a projection for this watch."
                    : wp.mode === "upcoming"
                      ? `From the legal change on ${formatDay(wp.t1)} (${wp.triggers.map((e) => e.measureName).join("; ")}), as of ${formatDay(wp.observedAt)}.`
                      : wp.mode === "ramping"
                        ? `What is still to reach shelves from the change of ${formatDay(wp.t1)} (${wp.triggers.map((e) => e.measureName).join("; ")}), as of ${formatDay(wp.observedAt)}.`
                        : `No legal change touches this line before ${formatDay(wp.horizonEnd)}, as of ${formatDay(wp.observedAt)}.`}
                </CardDescription>
              </CardHeader>
              <CardContent className="grid grid-cols-1 gap-4">
                {band && wp ? (
                  <ProjectionBand band={{ ...band, dollars: wp.projection.dollars, unconfirmed: wp.projection.unconfirmed }} perYear={view.perYear} />
                ) : (
                  <p className="text-sm text-slate-700">{wp?.projection.unknowns.join(" ") || "The tariff line or category of this watch is not in our tables."}</p>
                )}
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

          {wp ? (
            <section aria-labelledby="how-heading">
              <Card>
                <CardHeader>
                  <h2 id="how-heading" className="text-lg font-semibold">
                    How we computed this
                  </h2>
                  <CardDescription>Every input, the formula with its numbers, and the document each figure rests on.</CardDescription>
                </CardHeader>
                <CardContent>
                  <HowComputed wp={wp} sources={law.sources} dollarsPlan={dollarsPlan} />
                </CardContent>
              </Card>
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
                {alternatives && wp ? (
                  <AlternativesBlock
                    result={alternatives}
                    sources={law.sources}
                    shareSourceIds={[...new Set([...wp.sectorShares.map((s) => s.sourceId), ...(wp.category.importShareSourceId ? [wp.category.importShareSourceId] : [])])]}
                  />
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

          {wp ? (
            <footer className="border-t pt-4 text-xs text-muted-foreground" data-testid="data-as-of">
              Data as of: {releaseLabel(wp.asOf.htsRelease)}
              {wp.asOf.htsEffective ? ` (in effect ${wp.asOf.htsEffective})` : ""} · measures table v{wp.asOf.measuresVersion}
              {wp.asOf.measuresUpdated ? `, last changed ${wp.asOf.measuresUpdated}` : ""} ·{" "}
              {wp.asOf.originShareYear ? `origin shares ${wp.asOf.originShareYear} (sector level)` : "origin declared by you"} · computed{" "}
              {wp.asOf.today}.
            </footer>
          ) : null}
        </div>
      </main>
    </>
  );
}
