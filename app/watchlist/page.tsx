import type { Metadata } from "next";
import Link from "next/link";
import { ChevronRight, Eye, PauseCircle } from "lucide-react";
import { AccountHeader } from "@/components/accounts/account-header";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader } from "@/components/ui/card";
import { WatchlistCsvCard } from "@/components/csv/watchlist-csv-card";
import { AddCategoryForm } from "@/components/watchlist/add-category-form";
import { AddItemForm } from "@/components/watchlist/add-item-form";
import { DeleteWatchButton } from "@/components/watchlist/delete-watch-button";
import { ProjectionSentence } from "@/components/projection/projection-sentence";
import { requireSubscriberPage } from "@/lib/accounts/page-guard";
import { getDb } from "@/lib/db";
import { cheapestPlanWith, DEFAULT_HORIZON_DAYS, DEFAULT_THRESHOLD_PCT, planName } from "@/lib/entitlements";
import { loadLaw } from "@/lib/tariffs/law";
import { countryName } from "@/lib/watchlist/countries";
import { IMPORT_MAX_BYTES } from "@/lib/watchlist/import";
import { upgradeFor, upgradePathFor } from "@/lib/watchlist/plan";
import { dataAsOf, releaseLabel } from "@/lib/watchlist/data-as-of";
import { listWatches, type WatchView } from "@/lib/watchlist/service";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Your watchlist", robots: { index: false, follow: false } };

/**
 * /watchlist: what the subscriber watches, each with its projected shelf-price band, the
 * plan's limit with what an upgrade unlocks, and the forms to add a category or an item.
 * Each projection is the watch's stored one, read with the watches in one query and computed
 * again only when it does not hold for today, the law or the watch (docs/alerts.md, "The
 * stored projection"); it opens with its one sentence, and its page shows the working.
 */
export default async function WatchlistPage() {
  const { subscriber, access } = await requireSubscriberPage("/watchlist");
  const db = getDb();
  const now = new Date();
  const law = await loadLaw(db);
  const { watches, limits } = await listWatches(db, subscriber.id, access, now, { law });
  const asOf = dataAsOf(law);
  const upgrade = upgradeFor(access);
  const atLimit = limits.maxCategories !== null && limits.used >= limits.maxCategories;
  const watchedCategoryIds = watches.filter((w) => w.kind === "category").map((w) => w.categoryId);
  const canAdd = !access.alertsPaused;

  return (
    <>
      <AccountHeader email={subscriber.email} />
      <main id="main" className="min-h-screen bg-gradient-to-b from-blue-50 to-white">
        <div className="mx-auto grid max-w-5xl gap-8 px-4 py-8 sm:px-6 lg:py-12">
          <div className="grid grid-cols-1 gap-2">
            <nav aria-label="Breadcrumb" className="text-sm">
              <Link href="/account" className="text-primary underline-offset-2 hover:underline">
                Account
              </Link>
            </nav>
            <h1 className="text-3xl font-bold tracking-tight text-brand-navy">Your watchlist</h1>
            <p className="max-w-2xl text-slate-700">
              Categories and items we watch for tariff changes. Each opens with its projected shelf-price change in plain words: what is still to
              reach shelves from the tariff changes of the last seven months and those scheduled within its horizon, with its range. Open one to see
              how we computed it.
            </p>
          </div>

          {access.alertsPaused ? (
            <p role="status" className="flex items-start gap-2 rounded-md border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950" data-testid="alerts-paused">
              <PauseCircle aria-hidden className="mt-0.5 size-5 shrink-0" />
              <span>
                Your trial or plan has ended, so alerts are paused. Your watchlist is kept: you can still view, change and remove watches.{" "}
                <Link href="/pricing" className="font-semibold underline">
                  Choose a plan
                </Link>{" "}
                to add new ones and turn alerts back on.
              </span>
            </p>
          ) : null}

          <section aria-labelledby="limits-heading">
            <Card>
              <CardHeader className="gap-1 pb-3">
                <h2 id="limits-heading" className="text-lg font-semibold">
                  {access.plan ? planName(access.plan) : "No active plan"}
                </h2>
                <CardDescription data-testid="category-limit">
                  {limits.maxCategories === null
                    ? `You watch ${limits.used} ${limits.used === 1 ? "category" : "categories"}: your plan has no limit.`
                    : `You watch ${limits.used} of ${limits.maxCategories} ${limits.maxCategories === 1 ? "category" : "categories"} your plan covers.`}
                  {atLimit && limits.maxCategories !== null && !access.alertsPaused
                    ? ` You can still add items in the categories you watch. The ${planName(cheapestPlanWith("unlimitedCategories"))} watches unlimited categories.`
                    : ""}
                </CardDescription>
              </CardHeader>
              {upgrade ? (
                <CardContent className="grid grid-cols-1 gap-3 text-sm">
                  <p>
                    The <strong>{upgrade.name}</strong> adds:
                  </p>
                  <ul className="grid grid-cols-1 list-disc gap-1 pl-5">
                    {upgrade.unlocks.map((u) => (
                      <li key={u}>{u}</li>
                    ))}
                  </ul>
                  <Button asChild variant="outline" size="sm" className="justify-self-start">
                    <Link href="/pricing">Compare plans</Link>
                  </Button>
                </CardContent>
              ) : null}
            </Card>
          </section>

          <section aria-labelledby="watches-heading" className="grid grid-cols-1 gap-4">
            <h2 id="watches-heading" className="text-xl font-semibold text-brand-navy">
              Watching ({watches.length})
            </h2>
            {watches.length === 0 ? (
              <Card data-testid="watchlist-empty">
                <CardContent className="flex flex-col items-center gap-2 p-8 text-center">
                  <Eye aria-hidden className="size-8 text-primary" />
                  <p className="font-semibold">Nothing on your watchlist yet</p>
                  <p className="max-w-md text-sm text-muted-foreground">
                    Add a category you buy from, like footwear or small appliances, or an item with its price and where it is made. We show the
                    projected price change and alert you when a tariff change moves it past {DEFAULT_THRESHOLD_PCT}%.
                  </p>
                  {canAdd ? (
                    <div className="mt-2 flex flex-wrap justify-center gap-3">
                      <Button asChild>
                        <a href="#watch-item" data-testid="empty-add-item">
                          Add your first item
                        </a>
                      </Button>
                      <Button asChild variant="outline">
                        <a href="#watch-category">Watch a whole category</a>
                      </Button>
                    </div>
                  ) : (
                    <Button asChild className="mt-2">
                      <Link href="/pricing">Choose a plan to add watches</Link>
                    </Button>
                  )}
                </CardContent>
              </Card>
            ) : (
              <ul className="grid grid-cols-1 gap-3" data-testid="watch-list">
                {watches.map((w) => (
                  <WatchRow key={w.id} watch={w} />
                ))}
              </ul>
            )}
          </section>

          {canAdd ? (
            <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
              <section id="watch-category" aria-labelledby="add-category-heading" className="scroll-mt-6">
                <Card className="h-full">
                  <CardHeader>
                    <h2 id="add-category-heading" className="text-lg font-semibold">
                      Watch a category
                    </h2>
                    <CardDescription>Projected on the category&apos;s most common tariff line and the sector&apos;s import mix.</CardDescription>
                  </CardHeader>
                  <CardContent>
                    <AddCategoryForm watchedIds={watchedCategoryIds} />
                  </CardContent>
                </Card>
              </section>
              <section id="watch-item" aria-labelledby="add-item-heading" className="scroll-mt-6">
                <Card className="h-full">
                  <CardHeader>
                    <h2 id="add-item-heading" className="text-lg font-semibold">
                      Watch an item
                    </h2>
                    <CardDescription>Pin it to its tariff line and tell us where it is made for a sharper projection.</CardDescription>
                  </CardHeader>
                  <CardContent>
                    <AddItemForm
                      customThresholds={access.entitlements.customThresholds}
                      defaultThreshold={DEFAULT_THRESHOLD_PCT}
                      thresholdPlan={planName(cheapestPlanWith("customThresholds"))}
                      dollarsPlan={access.entitlements.impactCalculator ? null : planName(cheapestPlanWith("impactCalculator"))}
                      defaultHorizon={DEFAULT_HORIZON_DAYS}
                    />
                  </CardContent>
                </Card>
              </section>
            </div>
          ) : null}

          <WatchlistCsvCard maxBytes={IMPORT_MAX_BYTES} upgrade={access.entitlements.csvExport ? null : upgradePathFor(access, "csvExport")} />

          <footer className="border-t pt-4 text-xs text-muted-foreground" data-testid="data-as-of">
            Data as of: {releaseLabel(asOf.htsRelease)} (in effect {asOf.htsEffective}) · measures table v{asOf.measuresVersion}
            {asOf.measuresUpdated ? `, last changed ${asOf.measuresUpdated}` : ""} · origin shares{" "}
            {asOf.originShareYear ?? "not stored"} (sector level) · projections for {now.toISOString().slice(0, 10)}.
          </footer>
        </div>
      </main>
    </>
  );
}

function WatchRow({ watch: w }: { watch: WatchView }) {
  const title = w.kind === "item" ? (w.name ?? "Item") : w.categoryName;
  return (
    <li>
      <Card>
        <CardContent className="grid grid-cols-1 gap-3 p-4 sm:grid-cols-[minmax(0,1fr)_auto] sm:items-center sm:p-5">
          <div className="grid grid-cols-1 min-w-0 gap-2">
            <div className="flex flex-wrap items-center gap-2">
              <h3 className="min-w-0 wrap-anywhere text-base font-semibold">
                <Link href={`/watchlist/${w.id}`} className="inline-flex items-center gap-1 text-brand-navy underline-offset-2 hover:underline">
                  {title}
                  <ChevronRight aria-hidden className="size-4" />
                </Link>
              </h3>
              <Badge variant="secondary">{w.kind === "item" ? "Item" : "Category"}</Badge>
            </div>
            <p className="wrap-anywhere text-xs text-muted-foreground">
              {w.kind === "item" ? `${w.categoryName}` : "Whole category"}
              {w.htsCode ? ` · HTS ${w.htsCode}` : ""}
              {w.madeIn ? ` · made in ${countryName(w.madeIn)}` : ""}
              {w.priceCents !== null ? ` · $${(w.priceCents / 100).toFixed(2)}` : ""}
              {` · alert at ${w.thresholdPct}% · ${w.horizonDays} days ahead`}
            </p>
            {w.projection ? (
              <ProjectionSentence sentence={w.projection.sentence} unconfirmed={w.projection.unconfirmed} className="text-sm" />
            ) : (
              <p className="text-sm text-muted-foreground">No projection: a needed input (tariff line or origin mix) is missing.</p>
            )}
          </div>
          <div className="flex items-center gap-2">
            <Button asChild variant="outline" size="sm">
              <Link href={`/watchlist/${w.id}`} aria-label={`Details of ${title}: how we computed it`}>
                Details
              </Link>
            </Button>
            <DeleteWatchButton id={w.id} label={title} />
          </div>
        </CardContent>
      </Card>
    </li>
  );
}
