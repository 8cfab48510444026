"use client";

import { PageError, type ErrorPageProps } from "@/components/site/page-error";

/** The watchlist could not be shown (database or projection failure): say so and offer a retry. */
export default function WatchlistError({ reset }: ErrorPageProps) {
  return (
    <PageError
      title="We could not load your watchlist"
      reassurance="Your watchlist is safe; please try again in a moment."
      reset={reset}
      back={{ href: "/account", label: "Back to your account" }}
    />
  );
}
