import type { Metadata } from "next";
import Link from "next/link";
import { redirect } from "next/navigation";
import { Mail, ShieldAlert } from "lucide-react";
import { SignInForm } from "@/components/accounts/sign-in-form";
import { Card, CardContent, CardDescription, CardHeader } from "@/components/ui/card";
import { getSubscriberFromServerContext } from "@/lib/accounts/page-guard";
import { safeSubscriberCallback } from "@/lib/accounts/paths";
import { isDemoMailbox } from "@/lib/email/demo-mailbox";
import { site } from "@/lib/site";

export const dynamic = "force-dynamic";
export const metadata: Metadata = {
  title: "Sign in",
  description: "Sign in to your TariffWatch account with a link sent to your email.",
  robots: { index: false, follow: false },
};

type SearchParams = Promise<Record<string, string | string[] | undefined>>;
const first = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);

/** Subscriber sign-in: one email field, an emailed one-time link (docs/accounts.md). */
export default async function SubscriberSignInPage({ searchParams }: { searchParams: SearchParams }) {
  const params = await searchParams;
  const callbackPath = safeSubscriberCallback(first(params.callbackUrl));
  if (await getSubscriberFromServerContext()) redirect(callbackPath);
  const signedOut = first(params.signedOut) === "1";

  return (
    <main id="main" className="flex min-h-screen flex-col items-center justify-center bg-gradient-to-b from-blue-50 to-white px-4 py-12">
      <Link href="/" className="mb-8 flex items-center gap-2 text-2xl font-bold text-brand-navy">
        <ShieldAlert aria-hidden className="size-8 text-primary" />
        {site.name}
      </Link>
      <Card className="w-full max-w-md shadow-lg">
        <CardHeader className="items-center text-center">
          <span className="flex size-12 items-center justify-center rounded-full bg-blue-100 text-primary">
            <Mail aria-hidden className="size-6" />
          </span>
          <h1 className="text-2xl font-bold text-brand-navy">Sign in</h1>
          <CardDescription>
            Enter the email you used for your trial, plan, newsletter or e-book. We email you a link that signs you in: no
            password.
          </CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4">
          {signedOut ? (
            <p role="status" className="rounded-md border border-blue-200 bg-blue-50 px-4 py-3 text-sm text-slate-800" data-testid="signed-out">
              You are signed out.
            </p>
          ) : null}
          <SignInForm callbackPath={callbackPath} demoMailbox={isDemoMailbox()} />
        </CardContent>
      </Card>
      <p className="mt-6 max-w-md text-center text-sm text-muted-foreground">
        No account yet?{" "}
        <Link href="/free-trial" className="font-medium text-primary underline-offset-4 hover:underline">
          Start a 7-day free trial
        </Link>
        .
      </p>
    </main>
  );
}
