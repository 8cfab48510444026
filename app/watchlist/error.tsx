"use client";

import Link from "next/link";
import { Button } from "@/components/ui/button";

/** The watchlist could not be shown (database or projection failure): say so and offer a retry. */
export default function WatchlistError({ reset }: { error: Error & { digest?: string }; reset: () => void }) {
  return (
    <main id="main" className="min-h-screen bg-gradient-to-b from-blue-50 to-white">
      <div className="mx-auto grid max-w-xl gap-4 px-4 py-16 text-center sm:px-6">
        <h1 className="text-2xl font-bold text-brand-navy">We could not load your watchlist</h1>
        <p role="alert" className="text-slate-700">
          Something went wrong on our side. Your watchlist is safe; please try again in a moment.
        </p>
        <div className="flex flex-wrap justify-center gap-3">
          <Button type="button" onClick={() => reset()}>
            Try again
          </Button>
          <Button asChild variant="outline">
            <Link href="/account">Back to your account</Link>
          </Button>
        </div>
      </div>
    </main>
  );
}
