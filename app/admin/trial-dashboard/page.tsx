import type { Metadata } from "next";
import { AdminHeader } from "@/components/admin/admin-header";
import { FollowUpForm } from "@/components/admin/follow-up-form";
import { TrialStats } from "@/components/admin/trial-stats";
import { Card, CardContent, CardHeader } from "@/components/ui/card";
import { schedulerRecentWithinMs, trialDashboard } from "@/lib/admin/trial-followups";
import { requireAdminPage } from "@/lib/admin-auth/session";
import { getDb } from "@/lib/db";
import { getEnv } from "@/lib/env";

export const dynamic = "force-dynamic";
export const metadata: Metadata = {
  title: "Trial dashboard",
  robots: { index: false, follow: false },
};

const SEQUENCE = [
  { day: "Day 2", title: "Welcome, protection active", text: "Confirms the alerts are running and shows how to get the most from the trial." },
  { day: "Day 5", title: "2 days left", text: "Urgency and social proof: what other households saved, and the plans to keep going." },
  { day: "Day 7", title: "Final notice", text: "The trial expires within 24 hours; nothing is charged, the alerts simply stop." },
] as const;

/** Admin only: the proxy sends visitors to sign-in, and this page checks the session again itself. */
export default async function TrialDashboardPage() {
  const admin = await requireAdminPage("/admin/trial-dashboard");
  const now = new Date();
  const stats = await trialDashboard(getDb(), now);
  return (
    <>
      <AdminHeader username={admin.username} current="/admin/trial-dashboard" />
      <main id="main" className="mx-auto grid max-w-6xl gap-8 px-4 py-10 sm:px-6">
        <div className="grid gap-2">
          <h1 className="text-3xl font-bold tracking-tight text-brand-navy">Trial dashboard</h1>
          <p className="text-slate-700">Free trials, their follow-up emails and a manual send.</p>
        </div>
        <TrialStats stats={stats} now={now} recentWithinMs={schedulerRecentWithinMs(getEnv().email.followUpIntervalMinutes)} />
        <FollowUpForm />
        <Card>
          <CardHeader>
            <h2 className="text-xl font-semibold text-brand-navy">The follow-up sequence</h2>
          </CardHeader>
          <CardContent>
            <ol className="grid gap-4 sm:grid-cols-3">
              {SEQUENCE.map((step) => (
                <li key={step.day} className="rounded-md border bg-slate-50 p-4">
                  <p className="text-sm font-semibold uppercase tracking-wide text-primary">{step.day}</p>
                  <p className="font-semibold text-brand-navy">{step.title}</p>
                  <p className="mt-1 text-sm text-slate-700">{step.text}</p>
                </li>
              ))}
            </ol>
            <p className="mt-4 text-sm text-slate-700">
              Each goes out once per trial, on its day, while the trial is active and not converted.
            </p>
          </CardContent>
        </Card>
      </main>
    </>
  );
}
