import { economicViewRoute } from "@/lib/economy/view-route";

export const dynamic = "force-dynamic";

/**
 * GET /api/economic/details -> the as-of month and source of each list, what is missing,
 * the basis of each change and the trend charts' history points. Same store and cache as
 * /api/economic/dashboard (lib/economy/view-route.ts); browsers revalidate (no-cache).
 */
export const GET = economicViewRoute("details", {
  unavailable: "Economic data details are temporarily unavailable. Please try again in a moment.",
});
