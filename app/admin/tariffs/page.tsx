import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { AdminHeader } from "@/components/admin/admin-header";
import { TariffAdmin } from "@/components/admin/tariffs/tariff-overview";
import { measurePage, type MeasurePage } from "@/lib/admin/measure-page";
import { loadTariffOverview, type AdminMeasure } from "@/lib/admin/tariff-overview";
import { requireAdminPage } from "@/lib/admin-auth/session";
import { getDb } from "@/lib/db";
import { firstParam, type SearchParams } from "@/lib/http/search-params";

export const dynamic = "force-dynamic";
export const metadata: Metadata = {
  title: "Tariff law",
  robots: { index: false, follow: false },
};

/**
 * Admin only (docs/tariffs.md "Operator side"): the proxy sends visitors to sign-in, and this
 * page checks the session again itself. Measures, their events and sources, what each
 * touches (ten measures a page: ?page=<n>, or ?measure=<id> for the page holding one), the
 * documents to review and the audit log.
 */
export default async function TariffsAdminPage({ searchParams }: { searchParams: SearchParams }) {
  const admin = await requireAdminPage("/admin/tariffs");
  const params = await searchParams;
  const now = new Date();
  const ask = { page: firstParam(params.page), measure: firstParam(params.measure) };
  const picked: { page: MeasurePage<AdminMeasure> | null } = { page: null };
  const overview = await loadTariffOverview(getDb(), now, (sorted) => {
    picked.page = measurePage(sorted, ask);
    return picked.page?.items ?? [];
  });
  const shown = picked.page;
  if (!shown) notFound();
  return (
    <>
      {/* Not in the header's list of pages yet: no item is marked current. */}
      <AdminHeader username={admin.username} current="/admin/tariffs" />
      <main id="main" className="mx-auto grid max-w-6xl gap-8 px-4 py-10 sm:px-6">
        <div className="grid gap-2">
          <h1 className="text-3xl font-bold tracking-tight text-brand-navy">Tariff law</h1>
          <p className="text-slate-700">
            Status as of {overview.today} (UTC), folded from each measure&apos;s dated events. Every new measure or event cites its legal source. Saving a change
            re-evaluates only the watches on the changed measure&apos;s lines and sends the alerts that are due.
          </p>
        </div>
        <TariffAdmin overview={overview} shown={shown} />
      </main>
    </>
  );
}
