"use client";

import Link from "next/link";
import { Button } from "@/components/ui/button";

/** Next's props for a route segment's error.tsx. */
export type ErrorPageProps = { error: Error & { digest?: string }; reset: () => void };

/**
 * What a signed-in page shows when it could not be drawn (e.g. the database is unreachable):
 * a heading naming what failed, that nothing was lost, Try again (Next's `reset`, which
 * renders the segment again) and a way back. Used by the segments' error.tsx files.
 */
export function PageError({ title, reassurance, reset, back }: { title: string; reassurance: string; reset: () => void; back: { href: string; label: string } }) {
  return (
    <main id="main" className="min-h-screen bg-gradient-to-b from-blue-50 to-white">
      <div className="mx-auto grid max-w-xl gap-4 px-4 py-16 text-center sm:px-6">
        <h1 className="text-2xl font-bold text-brand-navy">{title}</h1>
        <p role="alert" className="text-slate-700">
          Something went wrong on our side. {reassurance}
        </p>
        <div className="flex flex-wrap justify-center gap-3">
          <Button type="button" onClick={() => reset()}>
            Try again
          </Button>
          <Button asChild variant="outline">
            <Link href={back.href}>{back.label}</Link>
          </Button>
        </div>
      </div>
    </main>
  );
}
