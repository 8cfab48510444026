import type { Metadata } from "next";
import Link from "next/link";
import { redirect } from "next/navigation";
import { Clock, LinkIcon, LogIn, ShieldAlert, TriangleAlert } from "lucide-react";
import { SignInForm } from "@/components/accounts/sign-in-form";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader } from "@/components/ui/card";
import { getSubscriberFromServerContext } from "@/lib/accounts/page-guard";
import { SUBSCRIBER_HOME_PATH } from "@/lib/accounts/paths";
import { inspectSignInToken, maskEmail } from "@/lib/accounts/sign-in";
import { getDb } from "@/lib/db";
import { isDemoMailbox } from "@/lib/email/demo-mailbox";
import { site } from "@/lib/site";

export const dynamic = "force-dynamic";
export const metadata: Metadata = {
  title: "Sign in",
  robots: { index: false, follow: false },
  // The address carries the token: never send it on as a referrer.
  referrer: "no-referrer",
};

type SearchParams = Promise<Record<string, string | string[] | undefined>>;
const first = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);

/**
 * Where the emailed link lands. Opening it signs nobody in (mail scanners open links):
 * it shows whose link it is and a "Sign in" button whose form post uses the token up
 * (app/sign-in/verify/confirm/route.ts). Used, expired and unknown links say so and
 * offer a new link.
 */
export default async function VerifySignInPage({ searchParams }: { searchParams: SearchParams }) {
  const token = first((await searchParams).token) ?? null;
  const now = new Date();
  const state = await inspectSignInToken(getDb(), token, now);

  if (state.state === "valid") {
    return (
      <Frame icon={<LogIn aria-hidden className="size-6" />} title={`Sign in as ${maskEmail(state.email)}`} description="Press the button to finish signing in on this browser.">
        <form method="post" action="/sign-in/verify/confirm" className="grid gap-3" data-testid="confirm-sign-in">
          <input type="hidden" name="token" value={token ?? ""} />
          <Button type="submit" size="lg" className="w-full">
            Sign in
          </Button>
        </form>
        <p className="text-center text-sm text-muted-foreground">
          Not you, or did not ask for this? Close this page: nothing happens without the button.
        </p>
      </Frame>
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
    <Frame icon={problem.icon} title={problem.title} description={problem.text} testId={`sign-in-link-${state.state}`}>
      <SignInForm demoMailbox={isDemoMailbox()} submitLabel="Email me a new link" />
    </Frame>
  );
}

function Frame({
  icon,
  title,
  description,
  testId,
  children,
}: {
  icon: React.ReactNode;
  title: string;
  description: string;
  testId?: string;
  children: React.ReactNode;
}) {
  return (
    <main id="main" className="flex min-h-screen flex-col items-center justify-center bg-gradient-to-b from-blue-50 to-white px-4 py-12">
      <Link href="/" className="mb-8 flex items-center gap-2 text-2xl font-bold text-brand-navy">
        <ShieldAlert aria-hidden className="size-8 text-primary" />
        {site.name}
      </Link>
      <Card className="w-full max-w-md shadow-lg" data-testid={testId}>
        <CardHeader className="items-center text-center">
          <span className="flex size-12 items-center justify-center rounded-full bg-blue-100 text-primary">{icon}</span>
          <h1 className="text-2xl font-bold text-brand-navy">{title}</h1>
          <CardDescription>{description}</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4">{children}</CardContent>
      </Card>
    </main>
  );
}
