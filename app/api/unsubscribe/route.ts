import { z } from "zod";
import { unsubscribe, verifyUnsubscribeToken } from "@/lib/email/unsubscribe";
import { defineRoute } from "@/lib/http/route";
import { getSecret } from "@/lib/secrets";

export const dynamic = "force-dynamic";

const NO_TOKEN = "The unsubscribe link has no token.";
const BAD_TOKEN = "This unsubscribe link is not valid. Use the link from your most recent email.";
const NOT_ONE_CLICK = 'The body must be "List-Unsubscribe=One-Click" (RFC 8058).';

/** ?token=: the signed unsubscribe token, verified to the address it was made for. */
const query = z.object({
  token: z.string({ error: NO_TOKEN }).transform((token, ctx) => {
    const email = token ? verifyUnsubscribeToken(token, getSecret("unsubscribe")) : null;
    if (!email) ctx.addIssue({ code: "custom", message: token ? BAD_TOKEN : NO_TOKEN });
    return { token, email: email ?? "" };
  }),
});

/** The one-click body, urlencoded or multipart. */
const body = z.object({ "List-Unsubscribe": z.literal("One-Click", { error: NOT_ONE_CLICK }) });

/** A browser submitting the /unsubscribe page's form (it gets a page back, not JSON). */
function fromBrowserForm(request: Request): boolean {
  return request.headers.get("sec-fetch-mode") === "navigate" || (request.headers.get("accept") ?? "").includes("text/html");
}

/**
 * POST /api/unsubscribe?token=... with the form body `List-Unsubscribe=One-Click`: the RFC
 * 8058 one-click unsubscribe that mailbox providers send from their own "Unsubscribe"
 * button (our marketing mail names this URL in its List-Unsubscribe header), and the target
 * of the confirm button on /unsubscribe. Suppresses marketing mail to the token's address
 * and removes it from the newsletter; doing it twice is harmless.
 *
 * 200 {message} (a browser form gets 303 back to /unsubscribe, which shows the result);
 * 400 with per-field errors for a missing or invalid token (checked first) or a body that
 * is not the one-click body; 415 for a body that is not a form; 413 over 4 kB.
 */
export const POST = defineRoute(
  { name: "unsubscribe", auth: "public", query, body, contentType: "form", bodyLimit: 4 * 1024, cacheControl: "no-store" },
  async ({ request, db, query: { token } }) => {
    const browser = fromBrowserForm(request);
    await unsubscribe(db, token.email, browser ? "unsubscribe-page" : "one-click");
    if (browser) {
      const page = new URL("/unsubscribe", request.url);
      page.searchParams.set("token", token.token);
      return new Response(null, { status: 303, headers: { Location: `${page.pathname}${page.search}`, "Cache-Control": "no-store" } });
    }
    return { message: "You have been unsubscribed from TariffWatch marketing email." };
  },
);
