import { ownAlert } from "@/lib/alerts/list";
import { uuidParams } from "@/lib/http/params";
import { ApiError, defineRoute } from "@/lib/http/route";

export const dynamic = "force-dynamic";

/**
 * POST /api/alerts/:id/read (signed-in subscriber, the alert's owner; 404 otherwise):
 * marks the alert read (idempotent). `?unread=1` marks it unread again. A browser form
 * (the button on /alerts/mine, which works without JavaScript) gets 303 back to the page
 * it came from; a script gets `{id, readAt}`.
 */
export const POST = defineRoute({ name: "alerts-read", auth: "subscriber", rateLimit: { capacity: 60, refillMs: 1_000 }, params: uuidParams("No such alert.") }, async ({ db, subscriber, params, now, request }) => {
  const alert = await ownAlert(db, subscriber.id, params.id);
  if (!alert) throw new ApiError(404, "No such alert.");
  const unread = new URL(request.url).searchParams.get("unread") === "1";
  const updated = await db.subscriberAlert.update({ where: { id: alert.id }, data: { readAt: unread ? null : (alert.readAt ?? now) } });
  const browser = request.headers.get("sec-fetch-mode") === "navigate" || (request.headers.get("accept") ?? "").includes("text/html");
  if (browser) {
    const back = new URL(request.url).searchParams.get("back");
    const location = back && back.startsWith("/alerts/mine") && !back.startsWith("//") ? back : "/alerts/mine";
    return new Response(null, { status: 303, headers: { Location: location } });
  }
  return { id: updated.id, readAt: updated.readAt ? updated.readAt.toISOString() : null };
});
