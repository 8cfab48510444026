"use client";

import { AnimatedCounter } from "./animated-counter";
import { useLiveData } from "./live-data";
import { fetchNewsletterStats, NEWSLETTER_STATS_KEY, readActiveUsers } from "./newsletter-stats";

/**
 * The live newsletter subscriber count (GET /api/newsletter/stats -> {count}, rows of the
 * newsletters table). Shows "—" until the count arrives, the live count when it is a number
 * (0 included), and "—" with "count unavailable" when it cannot be read: never a made-up
 * number (docs/product-rules.md §D9).
 */
export function ActiveUsersStat() {
  const { data, error } = useLiveData(NEWSLETTER_STATS_KEY, fetchNewsletterStats);
  const live = readActiveUsers(data);

  if (live !== null) {
    return <AnimatedCounter value={live} data-testid="active-users" data-source="live" />;
  }
  if (error || data !== undefined) {
    return (
      <span data-testid="active-users" data-source="unavailable" title="Count unavailable right now">
        —<span className="sr-only"> (count unavailable right now)</span>
      </span>
    );
  }
  return (
    <span data-testid="active-users" data-source="loading">
      —
    </span>
  );
}
