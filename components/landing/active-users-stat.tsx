"use client";

import useSWR from "swr";
import { ACTIVE_USERS_FALLBACK } from "@/lib/newsletter/messages";
import { AnimatedCounter } from "./animated-counter";
import {
  fetchNewsletterStats,
  NEWSLETTER_STATS_KEY,
  NEWSLETTER_STATS_SWR_OPTIONS,
  readActiveUsers,
} from "./newsletter-stats";

/**
 * The live active-users number (GET /api/newsletter/stats -> {count}). Shows "—" until
 * the count arrives, the live count when it is a number (0 included), and
 * ACTIVE_USERS_FALLBACK followed by "+" only when the count cannot be read.
 */
export function ActiveUsersStat() {
  const { data, error } = useSWR(NEWSLETTER_STATS_KEY, fetchNewsletterStats, NEWSLETTER_STATS_SWR_OPTIONS);
  const live = readActiveUsers(data);

  if (live !== null) {
    return <AnimatedCounter value={live} data-testid="active-users" data-source="live" />;
  }
  if (error || data !== undefined) {
    return (
      <span>
        <AnimatedCounter value={ACTIVE_USERS_FALLBACK} data-testid="active-users" data-source="fallback" />+
      </span>
    );
  }
  return (
    <span data-testid="active-users" data-source="loading">
      —
    </span>
  );
}
