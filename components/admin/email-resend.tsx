"use client";

import * as React from "react";
import Link from "next/link";
import useSWR from "swr";
import { AlertTriangle, Loader2, MailCheck, RefreshCw, Send } from "lucide-react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader } from "@/components/ui/card";
import { toast } from "@/components/ui/use-toast";
import type { ResendResult, ResendSummary } from "@/lib/admin/resend-welcome";
import type { SubscriberList } from "@/lib/admin/subscribers";
import { SIGN_IN_PATH } from "@/lib/admin-auth/paths";
import { ApiError, getJson, postJson } from "@/lib/http/client";
import { ADMIN_SWR_OPTIONS, newBatchKey } from "./admin-fetch";
import { ConfirmDialog } from "./confirm-dialog";
import { AdminTable, type AdminColumn } from "./admin-table";

export const SUBSCRIBERS_KEY = "/api/admin/newsletters";
const RESEND_URL = "/api/admin/resend-welcome-emails";

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;
const dateFormat = new Intl.DateTimeFormat("en-US", { dateStyle: "medium" });
const timeFormat = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeStyle: "medium" });

/**
 * /admin/email-resend: the subscriber list and the bulk resend of the welcome email
 * (docs/product-rules.md §2, §4, §5, §8): loading -> list -> confirm -> 'Resending Emails...' ->
 * results panel and toast, then the list is loaded again.
 */
const SUBSCRIBER_COLUMNS: readonly AdminColumn<SubscriberList["subscribers"][number]>[] = [
  { header: "Email", cell: (s) => s.email, className: "break-all" },
  { header: "Subscription type", cell: (s) => s.subscriptionType, className: "capitalize" },
  {
    header: "Subscription date",
    cell: (s) => <time dateTime={s.subscriptionDate}>{dateFormat.format(new Date(s.subscriptionDate))}</time>,
    className: "whitespace-nowrap",
  },
];

export function EmailResend() {
  const { data, error, isLoading, mutate } = useSWR<SubscriberList, ApiError>(SUBSCRIBERS_KEY, getJson, ADMIN_SWR_OPTIONS);
  const [confirmOpen, setConfirmOpen] = React.useState(false);
  const [pending, setPending] = React.useState(false);
  const [summary, setSummary] = React.useState<ResendSummary | null>(null);
  // The key of an attempt whose answer never came: confirming again repeats that batch, so nobody gets it twice.
  const unfinishedKey = React.useRef<string | null>(null);

  if (isLoading) {
    return (
      <p role="status" className="flex items-center gap-2 text-slate-700" data-testid="subscribers-loading">
        <Loader2 aria-hidden className="size-5 animate-spin" /> Loading subscriber data...
      </p>
    );
  }
  if (error || !data) {
    const signedOut = error?.status === 401;
    return (
      <div role="alert" className="grid gap-3 rounded-lg border border-destructive/40 bg-red-50 p-4 text-red-900">
        <p className="font-semibold">{signedOut ? "Your admin session has ended." : "Could not load the subscribers."}</p>
        {signedOut ? (
          <Link href={`${SIGN_IN_PATH}?callbackUrl=${encodeURIComponent("/admin/email-resend")}`} className="font-medium underline">
            Sign in again
          </Link>
        ) : (
          <>
            <p className="text-sm">{error?.message || (error?.status ? `The server answered HTTP ${error.status}.` : "Could not reach the server.")}</p>
            <div>
              <Button type="button" variant="outline" onClick={() => void mutate()}>
                <RefreshCw aria-hidden /> Try again
              </Button>
            </div>
          </>
        )}
      </div>
    );
  }

  const { count, subscribers } = data;

  function onResendClick() {
    if (count === 0) {
      toast({ title: "No Subscribers", description: "No existing subscribers found to resend emails to" });
      return;
    }
    setConfirmOpen(true);
  }

  async function onConfirm() {
    setConfirmOpen(false);
    const batchKey = unfinishedKey.current ?? newBatchKey();
    unfinishedKey.current = batchKey;
    setPending(true);
    try {
      const result = await postJson<ResendSummary>(RESEND_URL, undefined, { headers: { "Idempotency-Key": batchKey } });
      unfinishedKey.current = null;
      setSummary(result);
      toast({
        title: "Bulk Email Resend Complete!",
        description: `Successfully sent ${result.successful} emails, ${result.failed} failed`,
        variant: "success",
      });
      await mutate();
    } catch (e) {
      const apiError = e instanceof ApiError ? e : null;
      // A refusal (4xx) sent nothing: the next try may start a new batch.
      if (apiError && apiError.status >= 400 && apiError.status < 500) unfinishedKey.current = null;
      toast({ title: "Resend Failed", description: apiError?.message || "Failed to resend emails", variant: "destructive" });
    } finally {
      setPending(false);
    }
  }

  return (
    <div className="grid gap-6">
      <Card>
        <CardHeader>
          <h2 className="text-xl font-semibold text-brand-navy">Subscribers</h2>
          <CardDescription>
            Total subscribers: <strong className="text-lg text-foreground" data-testid="subscriber-count">{count}</strong>
          </CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4">
          {count === 0 ? (
            <p className="rounded-md border border-dashed p-4 text-sm text-muted-foreground">No newsletter subscribers yet.</p>
          ) : (
            <AdminTable
              label={`Subscriber list, ${plural(count, "subscriber", "subscribers")}`}
              className="max-h-80 overflow-y-auto"
              headClassName="sticky top-0 bg-slate-100 text-slate-800"
              testId="subscriber-list"
              rows={subscribers}
              rowKey={(s) => s.id}
              columns={SUBSCRIBER_COLUMNS}
            />
          )}

          <div className="flex items-start gap-3 rounded-md border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950" data-testid="duplicate-warning">
            <AlertTriangle aria-hidden className="mt-0.5 size-5 shrink-0 text-amber-700" />
            <p>
              <strong>Duplicate emails will go out.</strong> Every subscriber in this list gets the welcome email again, even
              those who already received it. Use this only to correct a faulty welcome email, such as one with a broken
              dashboard link.
            </p>
          </div>

          <div>
            {/* Wraps on a phone: the label is longer than a 390 px screen is wide. */}
            <Button
              type="button"
              size="lg"
              onClick={onResendClick}
              disabled={pending}
              data-testid="resend-button"
              className="h-auto min-h-12 whitespace-normal py-2 text-left"
            >
              {pending ? (
                <>
                  <Loader2 aria-hidden className="animate-spin" /> Resending Emails...
                </>
              ) : (
                <>
                  <Send aria-hidden /> Resend Welcome Emails to {plural(count, "Subscriber", "Subscribers")}
                </>
              )}
            </Button>
          </div>
        </CardContent>
      </Card>

      <ConfirmDialog
        open={confirmOpen}
        onOpenChange={setConfirmOpen}
        title="Resend welcome emails?"
        description={`This will resend welcome emails with the corrected dashboard link to all ${count} subscribers.`}
        confirmLabel={`Resend to ${plural(count, "subscriber", "subscribers")}`}
        onConfirm={() => void onConfirm()}
      />

      {summary ? <ResendResults summary={summary} /> : null}
    </div>
  );
}

const DELIVERY_NOTES: Record<string, string> = {
  logged: "logged, not delivered",
  queued: "queued, goes out shortly",
  suppressed: "unsubscribed",
};

function ResendResults({ summary }: { summary: ResendSummary }) {
  const heading = React.useRef<HTMLHeadingElement>(null);
  React.useEffect(() => heading.current?.focus(), [summary]);
  return (
    <Card data-testid="resend-results">
      <CardHeader>
        <h2 ref={heading} tabIndex={-1} className="flex items-center gap-2 text-xl font-semibold text-brand-navy">
          <MailCheck aria-hidden className="size-5 text-success" /> Resend results
        </h2>
        <CardDescription data-testid="resend-message">{summary.message}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <dl className="grid gap-3 sm:grid-cols-3">
          <Stat label="Successful" value={summary.successful} tone="text-green-800" testId="resend-successful" />
          <Stat label="Failed" value={summary.failed} tone="text-red-800" testId="resend-failed" />
          <Stat label="Total processed" value={summary.processed} tone="text-brand-navy" testId="resend-processed" />
        </dl>
        <p className="text-sm text-slate-700">
          Completed at <time dateTime={summary.timestamp}>{timeFormat.format(new Date(summary.timestamp))}</time>
        </p>
        {summary.results.length ? (
          <ul className="max-h-80 divide-y overflow-y-auto rounded-md border" aria-label="Recipients" data-testid="resend-recipients" tabIndex={0}>
            {summary.results.map((r) => (
              <RecipientRow key={r.subscriberId} result={r} />
            ))}
          </ul>
        ) : null}
      </CardContent>
    </Card>
  );
}

function RecipientRow({ result }: { result: ResendResult }) {
  const note = DELIVERY_NOTES[result.delivery];
  return (
    <li className="flex flex-wrap items-center justify-between gap-2 px-3 py-2 text-sm" data-testid="resend-recipient">
      <span className="break-all">{result.email}</span>
      <span className="flex items-center gap-2">
        {note ? <span className="text-xs text-slate-600">{note}</span> : null}
        {result.status === "sent" ? <Badge variant="success">Sent</Badge> : <Badge variant="destructive">Failed</Badge>}
      </span>
      {result.error ? <span className="w-full text-xs text-red-800">{result.error}</span> : null}
    </li>
  );
}

function Stat({ label, value, tone, testId }: { label: string; value: number; tone: string; testId: string }) {
  return (
    <div className="rounded-md border bg-slate-50 p-4">
      <dt className="text-sm text-slate-700">{label}</dt>
      <dd className={`text-3xl font-bold ${tone}`} data-testid={testId}>
        {value}
      </dd>
    </div>
  );
}
