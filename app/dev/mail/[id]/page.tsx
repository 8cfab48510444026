import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { BackHeader } from "@/components/site/back-header";
import { getDb } from "@/lib/db";
import { isDemoMailbox } from "@/lib/email/demo-mailbox";

export const dynamic = "force-dynamic";
export const metadata: Metadata = {
  title: "Demo mailbox message",
  robots: { index: false, follow: false },
  referrer: "no-referrer",
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const when = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeStyle: "medium", timeZone: "UTC" });

/** The links of a message's text part, in order, once each (the frame below is sandboxed: its links do not open). */
function linksOf(text: string): string[] {
  return [...new Set(text.match(/https?:\/\/[^\s<>"'\])]+/g) ?? [])];
}

/** One message of the demo mailbox: headers, its links, the HTML in a sandboxed frame, the text part. */
export default async function DemoMailboxMessagePage({ params }: { params: Promise<{ id: string }> }) {
  if (!isDemoMailbox()) notFound();
  const { id } = await params;
  if (!UUID.test(id)) notFound();
  const email = await getDb().sentEmail.findUnique({ where: { id } });
  if (!email) notFound();
  const links = linksOf(email.text);

  return (
    <>
      <BackHeader backHref="/dev/mail" backLabel="Demo mailbox" />
      <main id="main" className="mx-auto grid max-w-4xl gap-6 px-4 py-10 sm:px-6">
        <h1 className="text-2xl font-bold text-brand-navy" data-testid="mail-subject">
          {email.subject}
        </h1>
        <dl className="grid gap-1 rounded-lg border bg-muted px-5 py-4 text-sm">
          <div className="flex gap-2">
            <dt className="font-semibold">To:</dt>
            <dd>{email.recipient}</dd>
          </div>
          <div className="flex gap-2">
            <dt className="font-semibold">Sent:</dt>
            <dd>
              <time dateTime={email.createdAt.toISOString()}>{when.format(email.createdAt)} UTC</time>
            </dd>
          </div>
          <div className="flex gap-2">
            <dt className="font-semibold">Template:</dt>
            <dd>{email.template}</dd>
          </div>
          <div className="flex gap-2">
            <dt className="font-semibold">Status:</dt>
            <dd>{email.status}</dd>
          </div>
        </dl>
        {links.length ? (
          <section aria-labelledby="links-heading" className="grid gap-2">
            <h2 id="links-heading" className="text-lg font-semibold">
              Links in this message
            </h2>
            <ul className="grid gap-1 text-sm" data-testid="mail-links">
              {links.map((href) => (
                <li key={href} className="break-all">
                  <a href={href} className="text-primary underline">
                    {href}
                  </a>
                </li>
              ))}
            </ul>
          </section>
        ) : null}
        <section aria-labelledby="html-heading" className="grid gap-2">
          <h2 id="html-heading" className="text-lg font-semibold">
            HTML part
          </h2>
          {/* sandbox="": no scripts, no forms, no navigation, an opaque origin. */}
          <iframe title={`HTML part of: ${email.subject}`} srcDoc={email.html} sandbox="" className="h-[640px] w-full rounded-lg border bg-white" />
        </section>
        <section aria-labelledby="text-heading" className="grid gap-2">
          <h2 id="text-heading" className="text-lg font-semibold">
            Text part
          </h2>
          {/* Long links wrap anywhere: a phone never scrolls this box sideways (axe: scrollable-region-focusable). */}
          <pre className="wrap-anywhere whitespace-pre-wrap rounded-lg border bg-white p-4 text-sm" data-testid="mail-text">
            {email.text}
          </pre>
        </section>
        <p>
          <Link href="/dev/mail" className="text-sm font-medium text-primary underline">
            Back to the mailbox
          </Link>
        </p>
      </main>
    </>
  );
}
