import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { Clock, LinkIcon, LogIn, TriangleAlert } from "lucide-react";
import { SignInForm } from "@/components/accounts/sign-in-form";
import { Button } from "@/components/ui/button";
import { SignInFrame } from "@/components/site/sign-in-frame";
import { getSubscriberFromServerContext } from "@/lib/accounts/page-guard";
import { SUBSCRIBER_HOME_PATH } from "@/lib/accounts/paths";
import { inspectSignInToken, maskEmail } from "@/lib/accounts/sign-in";
import { getDb } from "@/lib/db";
import { isDemoMailbox } from "@/lib/email/demo-mailbox";
import { firstParam, type SearchParams } from "@/lib/http/search-params";

export const dynamic = "force-dynamic";
export const metadata: Metadata = {
  title: "Sign in",
  robots: { index: false, follow: false },
  // The address carries the token: never send it on as a referrer.
  referrer: "no-referrer",
};

/**
 * Where the emailed link lands. Opening it signs nobody in (mail scanners open links):
 * it shows whose link it is and a "Sign in" button whose form post uses the token up
 * (app/sign-in/verify/confirm/route.ts). Used, expired and unknown links say so and
 * offer a new link.
 */
export default async function VerifySignInPage({ searchParams }: { searchParams: SearchParams }) {
  const token = firstParam((await searchParams).token) ?? null;
  const now = new Date();
  const state = await inspectSignInToken(getDb(), token, now);

  if (state.state === "valid") {
    return (
      <SignInFrame icon={<LogIn aria-hidden className="size-6" />} title={`Sign in as ${maskEmail(state.email)}`} description="Press the button to finish signing in on this browser.">
        <form method="post" action="/sign-in/verify/confirm" className="grid gap-3" data-testid="confirm-sign-in">
          <input type="hidden" name="token" value={token ?? ""} />
          <Button type="submit" size="lg" className="w-full">
            Sign in
          </Button>
        </form>
        <p className="text-center text-sm text-muted-foreground">
          Not you, or did not ask for this? Close this page: nothing happens without the button.
        </p>
      </SignInFrame>
    );
  }

  if (state.state === "used") {
    const current = await getSubscriberFromServerContext(now);
    if (current && state.subscriberId === current.id) redirect(SUBSCRIBER_HOME_PATH);
  }

  const problem =
    state.state === "used"
      ? { title: "This link was already used", text: "Each sign-in link works once. Ask for a new one below.", icon: <LinkIcon aria-hidden className="size-6" /> }
      : state.state === "expired"
        ? { title: "This link has expired", text: "Sign-in links work for 15 minutes. Ask for a new one below.", icon: <Clock aria-hidden className="size-6" /> }
        : {
            title: "This link is not valid",
            text: "The link may be incomplete: copy the whole address from the email, or ask for a new link below.",
            icon: <TriangleAlert aria-hidden className="size-6" />,
          };
  return (
    <SignInFrame icon={problem.icon} title={problem.title} description={problem.text} testId={`sign-in-link-${state.state}`}>
      <SignInForm demoMailbox={isDemoMailbox()} submitLabel="Email me a new link" />
    </SignInFrame>
  );
}
