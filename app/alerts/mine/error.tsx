"use client";

import Link from "next/link";
import { Button } from "@/components/ui/button";

/** The alerts could not be drawn (e.g. the database is unreachable): say so and offer a retry. */
export default function MyAlertsError({ reset }: { error: Error & { digest?: string }; reset: () => void }) {
  return (
    <main id="main" className="mx-auto grid max-w-xl gap-4 px-4 py-16 text-center sm:px-6">
      <h1 className="text-2xl font-bold text-brand-navy">Your alerts could not be loaded</h1>
      <p role="alert" className="text-slate-700">
        Something went wrong on our side. Nothing was changed. Please try again in a moment.
      </p>
      <div className="flex flex-wrap justify-center gap-3">
        <Button type="button" onClick={reset}>
          Try again
        </Button>
        <Button asChild variant="outline">
          <Link href="/account">Your account</Link>
        </Button>
      </div>
    </main>
  );
}
