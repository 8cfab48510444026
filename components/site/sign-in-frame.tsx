import type { ReactNode } from "react";
import Link from "next/link";
import { ShieldAlert } from "lucide-react";
import { Card, CardContent, CardDescription, CardHeader } from "@/components/ui/card";
import { site } from "@/lib/site";

/**
 * The page around a sign-in step: the brand linking home, then one card with an icon, the
 * step's title (the page's h1), a sentence under it, and the step's content. Used by the
 * subscriber sign-in, the emailed link's landing page and the staff sign-in (app/sign-in,
 * app/sign-in/verify, app/admin/sign-in). Server-safe: no hooks.
 */
export function SignInFrame({
  icon,
  title,
  description,
  testId,
  after,
  children,
}: {
  /** An icon element, drawn in the circle above the title. */
  icon: ReactNode;
  title: string;
  description: ReactNode;
  testId?: string;
  /** A line below the card (where to go without an account). */
  after?: ReactNode;
  children: ReactNode;
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
      {after ? <p className="mt-6 max-w-md text-center text-sm text-muted-foreground">{after}</p> : null}
    </main>
  );
}
