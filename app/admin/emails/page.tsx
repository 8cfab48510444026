import type { Metadata } from "next";
import { AlertTriangle, Clock, Inbox, MailX, RotateCw, type LucideIcon } from "lucide-react";
import { AdminHeader } from "@/components/admin/admin-header";
import { DeadLetterRetry } from "@/components/admin/dead-letter-retry";
import { Card, CardContent, CardDescription, CardHeader } from "@/components/ui/card";
import { requireAdminPage } from "@/lib/admin-auth/session";
import { getDb } from "@/lib/db";
import { outboxOverview } from "@/lib/email/dead-letters";
import { emailDeliveryConfigured } from "@/lib/email/outbox";
import { RETRY_POLICY } from "@/lib/email/retry-policy";
import { AdminTable } from "@/components/admin/admin-table";

export const dynamic = "force-dynamic";
export const metadata: Metadata = {
  title: "Email outbox",
  robots: { index: false, follow: false },
};

const utc = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" });
const formatUtc = (date: Date) => `${utc.format(date)} UTC`;

/**
 * /admin/emails (docs/email.md, "Dead letters"): what waits in the outbox and the emails
 * that failed for good, each with a Retry button. Admin only: the proxy sends visitors to
 * sign-in, and this page checks the session again itself.
 */
export default async function EmailsPage() {
  const admin = await requireAdminPage("/admin/emails");
  const overview = await outboxOverview(getDb());
  const configured = emailDeliveryConfigured();
  return (
    <>
      <AdminHeader username={admin.username} current="/admin/emails" />
      <main id="main" className="mx-auto grid max-w-6xl gap-6 px-4 py-10 sm:px-6">
        <div className="grid gap-2">
          <h1 className="text-3xl font-bold tracking-tight text-brand-navy">Email outbox</h1>
          <p className="text-slate-700">
            Every email is recorded here first and delivered right after the request that asked for it, or by the delivery job
            within a minute. A failed delivery is tried again {RETRY_POLICY.maxAttempts} times over about two hours; after that
            it is a dead letter until you retry it.
          </p>
        </div>

        {configured ? null : (
          <p className="flex items-start gap-3 rounded-md border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950" data-testid="delivery-off">
            <AlertTriangle aria-hidden className="mt-0.5 size-5 shrink-0 text-amber-700" />
            Email delivery is not configured on this server (no RESEND_API_KEY): messages are recorded and written to the server
            log, not delivered.
          </p>
        )}

        <section aria-labelledby="outbox-figures" className="grid gap-4">
          <h2 id="outbox-figures" className="sr-only">
            Outbox figures
          </h2>
          <div className="grid gap-4 sm:grid-cols-3">
            <Figure icon={Inbox} label="Queued" note="waiting or being delivered" value={overview.queued} testId="outbox-queued" />
            <Figure icon={RotateCw} label="Retry scheduled" note="failed, tried again soon" value={overview.retrying} testId="outbox-retrying" />
            <Figure icon={MailX} label="Dead letters" note="failed for good" value={overview.deadLetters} testId="outbox-dead" />
          </div>
          <p className="flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-slate-700">
            <span className="flex items-center gap-2">
              <Clock aria-hidden className="size-4 text-primary" />
              {overview.oldestWaitingSince ? (
                <>
                  Oldest waiting email recorded <time dateTime={overview.oldestWaitingSince.toISOString()}>{formatUtc(overview.oldestWaitingSince)}</time>.
                </>
              ) : (
                "Nothing is waiting."
              )}
            </span>
            <span>
              {overview.lastDeliveryRun ? (
                <>
                  The delivery job last had work <time dateTime={overview.lastDeliveryRun.startedAt.toISOString()}>{formatUtc(overview.lastDeliveryRun.startedAt)}</time> (
                  {overview.lastDeliveryRun.trigger}, {overview.lastDeliveryRun.outcome}).
                </>
              ) : (
                "The delivery job has not had work yet."
              )}
            </span>
          </p>
        </section>

        <Card>
          <CardHeader>
            <h2 className="text-xl font-semibold text-brand-navy">Dead letters</h2>
            <CardDescription>
              {overview.deadLetters > overview.latest.length
                ? `The latest ${overview.latest.length} of ${overview.deadLetters}, newest first.`
                : "Newest first. Retry sends one again with a fresh set of attempts; the provider's idempotency key keeps it from going out twice."}
            </CardDescription>
          </CardHeader>
          <CardContent>
            {overview.latest.length === 0 ? (
              <p className="rounded-md border border-dashed p-4 text-sm text-slate-700" data-testid="dead-letters-empty">
                No dead letters: every email was delivered or is still being tried.
              </p>
            ) : (
              <AdminTable
                label="Dead letters"
                testId="dead-letters"
                rows={overview.latest}
                rowKey={(mail) => mail.id}
                columns={[
                  { header: "Recipient", cell: (mail) => mail.recipient, className: "break-all" },
                  {
                    header: "Template",
                    cell: (mail) => (
                      <>
                        <span className="font-medium">{mail.template}</span>
                        <span className="block text-xs text-slate-600">{mail.subject}</span>
                      </>
                    ),
                  },
                  { header: "Attempts", cell: (mail) => mail.attempts },
                  { header: "Last error", cell: (mail) => mail.error ?? "No error recorded.", className: "min-w-48 text-slate-800" },
                  { header: "Failed", cell: (mail) => <time dateTime={mail.failedAt.toISOString()}>{formatUtc(mail.failedAt)}</time>, className: "whitespace-nowrap" },
                  { header: <span className="sr-only">Action</span>, cell: (mail) => <DeadLetterRetry id={mail.id} label={`${mail.template} to ${mail.recipient}`} /> },
                ]}
              />
            )}
          </CardContent>
        </Card>
      </main>
    </>
  );
}

function Figure({ icon: Icon, label, note, value, testId }: { icon: LucideIcon; label: string; note: string; value: number; testId: string }) {
  return (
    <Card data-testid={testId}>
      <CardHeader className="pb-2">
        <h3 className="flex items-center gap-2 text-sm font-medium text-slate-700">
          <Icon aria-hidden className="size-4 text-primary" /> {label}
        </h3>
      </CardHeader>
      <CardContent>
        <p className="text-3xl font-bold text-brand-navy">{value}</p>
        <p className="text-xs text-slate-600">{note}</p>
      </CardContent>
    </Card>
  );
}
