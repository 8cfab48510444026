"use client";

import { PageError, type ErrorPageProps } from "@/components/site/page-error";

/** The alerts could not be drawn (e.g. the database is unreachable): say so and offer a retry. */
export default function MyAlertsError({ reset }: ErrorPageProps) {
  return (
    <PageError
      title="Your alerts could not be loaded"
      reassurance="Nothing was changed. Please try again in a moment."
      reset={reset}
      back={{ href: "/account", label: "Your account" }}
    />
  );
}
