"use client";

import { PageError, type ErrorPageProps } from "@/components/site/page-error";

/** The account page could not be drawn (e.g. the database is unreachable): say so and offer a retry. */
export default function AccountError({ reset }: ErrorPageProps) {
  return (
    <PageError
      title="Your account could not be loaded"
      reassurance="Nothing was changed. Please try again in a moment."
      reset={reset}
      back={{ href: "/", label: "Back to Home" }}
    />
  );
}
