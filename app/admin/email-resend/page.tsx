import type { Metadata } from "next";
import { AdminHeader } from "@/components/admin/admin-header";
import { EmailResend } from "@/components/admin/email-resend";
import { requireAdminPage } from "@/lib/admin-auth/session";

export const dynamic = "force-dynamic";
export const metadata: Metadata = {
  title: "Resend welcome emails",
  robots: { index: false, follow: false },
};

/** Admin only: the proxy sends visitors to sign-in, and this page checks the session again itself. */
export default async function EmailResendPage() {
  const admin = await requireAdminPage("/admin/email-resend");
  return (
    <>
      <AdminHeader username={admin.username} current="/admin/email-resend" />
      <main id="main" className="mx-auto grid max-w-4xl gap-6 px-4 py-10 sm:px-6">
        <div className="grid gap-2">
          <h1 className="text-3xl font-bold tracking-tight text-brand-navy">Resend welcome emails</h1>
          <p className="text-slate-700">
            Send the newsletter welcome email again, with the corrected dashboard link, to every current subscriber.
          </p>
        </div>
        <EmailResend />
      </main>
    </>
  );
}
