import type { Metadata } from "next";
import Link from "next/link";
import { redirect } from "next/navigation";
import { LockKeyhole, ShieldAlert } from "lucide-react";
import { SignInForm } from "@/components/admin/sign-in-form";
import { Card, CardContent, CardDescription, CardHeader } from "@/components/ui/card";
import { safeCallbackPath } from "@/lib/auth/config";
import { WRONG_CREDENTIALS_MESSAGE } from "@/lib/auth/messages";
import { getAdminFromServerContext } from "@/lib/auth/session";
import { site } from "@/lib/site";

export const dynamic = "force-dynamic";
export const metadata: Metadata = {
  title: "Staff sign-in",
  description: "Sign-in for TariffWatch staff.",
  robots: { index: false, follow: false },
};

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

const first = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);

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
  const callbackPath = safeCallbackPath(first(params.callbackUrl));
  if (await getAdminFromServerContext()) redirect(callbackPath);

  return (
    <main id="main" className="flex min-h-screen flex-col items-center justify-center bg-gradient-to-b from-blue-50 to-white px-4 py-12">
      <Link href="/" className="mb-8 flex items-center gap-2 text-2xl font-bold text-brand-navy">
        <ShieldAlert aria-hidden className="size-8 text-primary" />
        {site.name}
      </Link>
      <Card className="w-full max-w-md shadow-lg">
        <CardHeader className="items-center text-center">
          <span className="flex size-12 items-center justify-center rounded-full bg-blue-100 text-primary">
            <LockKeyhole aria-hidden className="size-6" />
          </span>
          <h1 className="text-2xl font-bold text-brand-navy">Staff sign-in</h1>
          <CardDescription>For TariffWatch staff: subscriber emails and free-trial follow-ups.</CardDescription>
        </CardHeader>
        <CardContent>
          <SignInForm callbackPath={callbackPath} initialError={describeError(first(params.error))} />
        </CardContent>
      </Card>
      <p className="mt-6 max-w-md text-center text-sm text-muted-foreground">
        No account? An administrator creates one with <code className="rounded bg-muted px-1">npm run admin:create</code>.{" "}
        <Link href="/" className="font-medium text-primary underline-offset-4 hover:underline">
          Back to TariffWatch
        </Link>
      </p>
    </main>
  );
}
