import type { Metadata } from "next";
import Link from "next/link";
import { redirect } from "next/navigation";
import { Mail } from "lucide-react";
import { ForgetSignedInHint } from "@/components/accounts/forget-signed-in-hint";
import { SignInForm } from "@/components/accounts/sign-in-form";
import { SignInFrame } from "@/components/site/sign-in-frame";
import { getSubscriberFromServerContext } from "@/lib/accounts/page-guard";
import { safeSubscriberCallback } from "@/lib/accounts/paths";
import { isDemoMailbox } from "@/lib/email/demo-mailbox";
import { firstParam, type SearchParams } from "@/lib/http/search-params";

export const dynamic = "force-dynamic";
export const metadata: Metadata = {
  title: "Sign in",
  description: "Sign in to your TariffWatch account with a link sent to your email.",
  robots: { index: false, follow: false },
};

/** Subscriber sign-in: one email field, an emailed one-time link (docs/accounts.md). */
export default async function SubscriberSignInPage({ searchParams }: { searchParams: SearchParams }) {
  const params = await searchParams;
  const callbackPath = safeSubscriberCallback(firstParam(params.callbackUrl));
  if (await getSubscriberFromServerContext()) redirect(callbackPath);
  const signedOut = firstParam(params.signedOut) === "1";

  return (
    <SignInFrame
      icon={<Mail aria-hidden className="size-6" />}
      title="Sign in"
      description="Enter the email you used for your trial, plan, newsletter or e-book. We email you a link that signs you in: no password."
      after={
        <>
          No account yet?{" "}
          <Link href="/free-trial" className="font-medium text-primary underline-offset-4 hover:underline">
            Start a 7-day free trial
          </Link>
          .
        </>
      }
    >
      {signedOut ? (
        <p role="status" className="rounded-md border border-blue-200 bg-blue-50 px-4 py-3 text-sm text-slate-800" data-testid="signed-out">
          You are signed out.
        </p>
      ) : null}
      <SignInForm callbackPath={callbackPath} demoMailbox={isDemoMailbox()} />
      {/* No session here: a signed-in hint left in this browser is stale (lib/accounts/signed-in-hint.ts). */}
      <ForgetSignedInHint />
    </SignInFrame>
  );
}
