import type { Metadata } from "next";
import Link from "next/link";
import { redirect } from "next/navigation";
import { LockKeyhole } from "lucide-react";
import { SignInForm } from "@/components/admin/sign-in-form";
import { SignInFrame } from "@/components/site/sign-in-frame";
import { safeCallbackPath } from "@/lib/admin-auth/config";
import { WRONG_CREDENTIALS_MESSAGE } from "@/lib/admin-auth/messages";
import { getAdminFromServerContext } from "@/lib/admin-auth/session";
import { firstParam, type SearchParams } from "@/lib/http/search-params";

export const dynamic = "force-dynamic";
export const metadata: Metadata = {
  title: "Staff sign-in",
  description: "Sign-in for TariffWatch staff.",
  robots: { index: false, follow: false },
};

/**
 * Errors next-auth may put in the address (its error page is this page). Only known
 * codes are shown, never the query text itself, so a crafted link cannot put words on
 * the page.
 */
function describeError(code: string | undefined): string | undefined {
  if (!code) return undefined;
  if (code === "CredentialsSignin") return WRONG_CREDENTIALS_MESSAGE;
  if (code === "SessionRequired") return "Please sign in to continue.";
  return "Sign-in failed. Please try again.";
}

/** The admin sign-in (the proxy lets this one /admin path through). */
export default async function SignInPage({ searchParams }: { searchParams: SearchParams }) {
  const params = await searchParams;
  const callbackPath = safeCallbackPath(firstParam(params.callbackUrl));
  if (await getAdminFromServerContext()) redirect(callbackPath);

  return (
    <SignInFrame
      icon={<LockKeyhole aria-hidden className="size-6" />}
      title="Staff sign-in"
      description="For TariffWatch staff: subscriber emails and free-trial follow-ups."
      after={
        <>
          No account? An administrator creates one with <code className="rounded bg-muted px-1">npm run admin:create</code>.{" "}
          <Link href="/" className="font-medium text-primary underline-offset-4 hover:underline">
            Back to TariffWatch
          </Link>
        </>
      }
    >
      <SignInForm callbackPath={callbackPath} initialError={describeError(firstParam(params.error))} />
    </SignInFrame>
  );
}
