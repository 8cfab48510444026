import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { EvidencePanel, type EvidenceSource } from "@/components/alerts/evidence-panel";
import { SeverityBadge, UnconfirmedBadge } from "@/components/alerts/severity-badge";
import { SupersededNote } from "@/components/alerts/superseded-note";
import { AccountHeader } from "@/components/accounts/account-header";
import { ProjectionSentence } from "@/components/projection/projection-sentence";
import { ProjectionWorking } from "@/components/projection/projection-working";
import { Button } from "@/components/ui/button";
import { requireSubscriberPage } from "@/lib/accounts/page-guard";
import { alertSentence } from "@/lib/alerts/alert-figures";
import { signedDollars } from "@/lib/tariffs/evidence";
import { isProjectionDocument } from "@/lib/tariffs/projection-document";
import { ownAlert } from "@/lib/alerts/list";
import { evidenceFor, evidenceOf } from "@/lib/alerts/stored-evidence";
import { getDb } from "@/lib/db";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Alert", robots: { index: false, follow: false } };

/**
 * /alerts/mine/:id: one alert, opening with the same sentence as its watch's page and its
 * email (lib/alerts/alert-figures.ts), then "How we computed this" folded: the same working
 * as the watch page (components/projection/projection-working.tsx) for the alerts of the
 * projection engine, every figure as a list for older and CPI alerts; and the data versions.
 * 404 for someone else's alert.
 */
export default async function AlertDetailPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const { subscriber, access } = await requireSubscriberPage(`/alerts/mine/${encodeURIComponent(id)}`);
  const db = getDb();
  const alert = await ownAlert(db, subscriber.id, id);
  if (!alert) notFound();
  const [[evidence], corrected] = await Promise.all([
    evidenceFor(db, [alert]),
    alert.kind === "correction" ? db.subscriberAlert.findMany({ where: { supersededById: alert.id, subscriberId: subscriber.id }, select: { id: true, title: true }, orderBy: { createdAt: "asc" } }) : [],
  ]);
  const ev = evidenceOf(evidence);
  const doc = isProjectionDocument(evidence) ? evidence : null;
  const nodes = ev.nodes ?? [];
  const sources: EvidenceSource[] = ev.sources ?? [];
  const unconfirmed = alert.unconfirmed || nodes.some((n) => n.unconfirmed);
  const versions = Object.entries(ev.dataVersions ?? {}).filter(([, v]) => v);
  const figures = doc ? alertSentence(doc, ev, access) : null;

  return (
    <>
      <AccountHeader email={subscriber.email} />
      <main id="main" className="mx-auto grid max-w-4xl gap-6 px-4 py-8 sm:px-6 sm:py-10">
        <p>
          <Link href="/alerts/mine" className="text-sm text-blue-700 underline">
            ← All your alerts
          </Link>
        </p>
        <div className="grid gap-2">
          <div className="flex flex-wrap items-center gap-2">
            <SeverityBadge severity={alert.severity} />
            {unconfirmed ? <UnconfirmedBadge /> : null}
            <time dateTime={alert.createdAt.toISOString()} className="text-sm text-slate-700">
              {alert.createdAt.toISOString().slice(0, 10)}
            </time>
          </div>
          <h1 className="text-2xl font-bold text-brand-navy">{alert.title}</h1>
          <p className="text-slate-800">{alert.reason}</p>
          {alert.supersededById ? <SupersededNote correctionId={alert.supersededById} /> : null}
          {corrected.length ? (
            <div className="text-sm text-slate-800" data-testid="alert-corrects">
              This corrects:{" "}
              {corrected.map((c, i) => (
                <span key={c.id}>
                  {i ? "; " : ""}
                  <Link href={`/alerts/mine/${c.id}`} className="text-blue-700 underline">
                    {c.title}
                  </Link>
                </span>
              ))}
            </div>
          ) : null}
          {figures ? <ProjectionSentence sentence={figures.sentence} unconfirmed={false} className="text-lg" /> : null}
          {!figures && ev.price ? (
            <p className="text-slate-800">
              On your ${(ev.price.priceCents / 100).toFixed(2)}: {signedDollars(ev.price.lowCents)} / {signedDollars(ev.price.centralCents)} /{" "}
              {signedDollars(ev.price.highCents)} (low / central / high).
            </p>
          ) : null}
          {alert.suppressed ? (
            <p className="text-sm text-slate-700">
              Not sent to you: {ev.suppressed === "snoozed" ? "the watch was snoozed." : "your daily alert limit was reached; it went in your digest."}
            </p>
          ) : null}
          {alert.readAt ? null : (
            <form method="post" action={`/api/alerts/${alert.id}/read?back=${encodeURIComponent(`/alerts/mine/${alert.id}`)}`}>
              <Button type="submit" size="sm" variant="outline">
                Mark read
              </Button>
            </form>
          )}
        </div>
        {doc && figures ? (
          <ProjectionWorking doc={doc} priceCents={figures.priceCents} dollarsPlan={figures.dollarsPlan} />
        ) : nodes.length || sources.length ? (
          <EvidencePanel nodes={nodes} sources={sources} />
        ) : (
          <p className="text-slate-700">No calculation is stored for this alert.</p>
        )}
        {!doc && ((ev.unknowns ?? []).length || ev.assumptions) ? (
          <section aria-labelledby="limits-heading" className="grid gap-2 text-sm text-slate-800">
            <h2 id="limits-heading" className="text-lg font-semibold text-brand-navy">
              What this leaves out
            </h2>
            <ul className="list-disc pl-5">
              {ev.assumptions ? <li>{ev.assumptions}</li> : null}
              {(ev.unknowns ?? []).map((u) => (
                <li key={u}>{u}</li>
              ))}
            </ul>
          </section>
        ) : null}
        {versions.length ? (
          <footer className="border-t pt-4 text-xs text-slate-600">
            Data as of: {versions.map(([k, v]) => `${k} ${v}`).join(" · ")}
          </footer>
        ) : null}
      </main>
    </>
  );
}
