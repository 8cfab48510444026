import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { BackHeader } from "@/components/site/back-header";
import { Badge } from "@/components/ui/badge";
import { getDb } from "@/lib/db";
import { isDemoMailbox } from "@/lib/email/demo-mailbox";

export const dynamic = "force-dynamic";
export const metadata: Metadata = {
  title: "Demo mailbox",
  robots: { index: false, follow: false },
};

/** How many messages the list shows (newest first). */
const PAGE_SIZE = 100;

const when = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeStyle: "medium", timeZone: "UTC" });

/**
 * The demo mailbox (docs/accounts.md): in the local demo set-up (no email provider, demo
 * mode on) the messages the app would have sent, newest first, so a newcomer can open a
 * sign-in link. In any other configuration this page does not exist.
 */
export default async function DemoMailboxPage() {
  if (!isDemoMailbox()) notFound();
  const emails = await getDb().sentEmail.findMany({
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: PAGE_SIZE,
    select: { id: true, recipient: true, subject: true, template: true, status: true, createdAt: true },
  });

  return (
    <>
      <BackHeader />
      <main id="main" className="mx-auto grid max-w-5xl gap-6 px-4 py-10 sm:px-6">
        <div>
          <h1 className="text-3xl font-bold text-brand-navy">Demo mailbox</h1>
          <p className="mt-2 text-slate-700">
            No email provider is configured (RESEND_API_KEY) and demo mode is on, so nothing is delivered: every message
            the app sends is kept here instead. Anyone who can open this server can read them, sign-in links included.
          </p>
        </div>
        {emails.length === 0 ? (
          <p className="rounded-lg border bg-muted px-5 py-4 text-slate-700">No messages yet. Start a trial or ask for a sign-in link.</p>
        ) : (
          <div className="overflow-x-auto rounded-lg border">
            <table className="w-full text-left text-sm" data-testid="mailbox">
              <caption className="sr-only">Messages, newest first</caption>
              <thead className="bg-muted">
                <tr>
                  <th scope="col" className="px-4 py-3 font-semibold">To</th>
                  <th scope="col" className="px-4 py-3 font-semibold">Subject</th>
                  <th scope="col" className="px-4 py-3 font-semibold">Time (UTC)</th>
                  <th scope="col" className="px-4 py-3 font-semibold">Status</th>
                </tr>
              </thead>
              <tbody>
                {emails.map((email) => (
                  <tr key={email.id} className="border-t" data-testid="mailbox-row">
                    <td className="px-4 py-3">{email.recipient}</td>
                    <td className="px-4 py-3">
                      <Link href={`/dev/mail/${email.id}`} className="font-medium text-primary underline-offset-4 hover:underline">
                        {email.subject}
                      </Link>
                    </td>
                    <td className="whitespace-nowrap px-4 py-3">
                      <time dateTime={email.createdAt.toISOString()}>{when.format(email.createdAt)}</time>
                    </td>
                    <td className="px-4 py-3">
                      <Badge variant="outline">{email.status}</Badge>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </main>
    </>
  );
}
