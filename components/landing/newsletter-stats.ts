/**
 * The live subscriber count shown as "active users" on the landing page. The URL is
 * shared so the newsletter form can `refreshLiveData(NEWSLETTER_STATS_KEY)` after a signup.
 */
import { getJson } from "@/lib/http/client";

export const NEWSLETTER_STATS_KEY = "/api/newsletter/stats";

export type NewsletterStats = { count?: unknown };

/** GET the stats as JSON (cookies included, docs/product-rules.md §7); throws on a non-OK status. */
export async function fetchNewsletterStats(url: string): Promise<NewsletterStats> {
  const body = await getJson<unknown>(url);
  return typeof body === "object" && body !== null ? (body as NewsletterStats) : {};
}

/** The count when it is a usable number (0 included); null when missing or not a number. */
export function readActiveUsers(stats: NewsletterStats | undefined): number | null {
  const count = stats?.count;
  if (typeof count !== "number" || !Number.isFinite(count) || count < 0) return null;
  return Math.floor(count);
}
