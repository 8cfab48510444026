import { getDb } from "@/lib/db";
import { unsubscribe, verifyUnsubscribeToken } from "@/lib/email/unsubscribe";
import { readBodyLimited } from "@/lib/http/body";
import { jsonError, withErrorBoundary } from "@/lib/http/json";
import { getSecret } from "@/lib/secrets";

export const dynamic = "force-dynamic";

const MAX_BODY_BYTES = 4 * 1024;
const noStore = { "Cache-Control": "no-store" };

/** The value of the List-Unsubscribe field of a form body (urlencoded or multipart), or null. */
async function oneClickValue(request: Request): Promise<string | null> {
  const type = request.headers.get("content-type") ?? "";
  // Capped while reading (chunked bodies too): an oversized body is no one-click body.
  const read = await readBodyLimited(request, MAX_BODY_BYTES);
  if (!read.ok) return null;
  try {
    if (type.startsWith("multipart/form-data")) {
      const form = await new Request(request.url, { method: "POST", headers: { "content-type": type }, body: new Uint8Array(read.bytes) }).formData();
      const value = form.get("List-Unsubscribe");
      return typeof value === "string" ? value : null;
    }
    return new URLSearchParams(read.bytes.toString("utf8")).get("List-Unsubscribe");
  } catch {
    return null;
  }
}

/** A browser submitting the /unsubscribe page's form (it gets a page back, not JSON). */
function fromBrowserForm(request: Request): boolean {
  return request.headers.get("sec-fetch-mode") === "navigate" || (request.headers.get("accept") ?? "").includes("text/html");
}

/**
 * POST /api/unsubscribe?token=... with the body `List-Unsubscribe=One-Click`: the RFC 8058
 * one-click unsubscribe that mailbox providers send from their own "Unsubscribe" button
 * (our marketing mail names this URL in its List-Unsubscribe header), and the target of
 * the confirm button on /unsubscribe. Suppresses marketing mail to the token's address
 * and removes it from the newsletter; doing it twice is harmless.
 *
 * 200 {message} (a browser form gets 303 back to /unsubscribe, which shows the result);
 * 400 with per-field errors for a missing or invalid token or a body that is not the
 * one-click body.
 */
export async function POST(request: Request): Promise<Response> {
  return withErrorBoundary("unsubscribe", async () => {
    const token = new URL(request.url).searchParams.get("token");
    const email = verifyUnsubscribeToken(token, getSecret("unsubscribe"));
    if (!email) {
      const problem = token ? "This unsubscribe link is not valid. Use the link from your most recent email." : "The unsubscribe link has no token.";
      return jsonError(400, problem, { token: problem }, noStore);
    }
    if ((await oneClickValue(request)) !== "One-Click") {
      const problem = 'The body must be "List-Unsubscribe=One-Click" (RFC 8058).';
      return jsonError(400, problem, { "List-Unsubscribe": problem }, noStore);
    }
    const browser = fromBrowserForm(request);
    await unsubscribe(getDb(), email, browser ? "unsubscribe-page" : "one-click");
    if (browser) {
      const page = new URL("/unsubscribe", request.url);
      page.searchParams.set("token", token ?? "");
      return new Response(null, { status: 303, headers: { Location: `${page.pathname}${page.search}`, ...noStore } });
    }
    return Response.json({ message: "You have been unsubscribed from TariffWatch marketing email." }, { status: 200, headers: noStore });
  });
}
