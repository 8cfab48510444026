import { NextRequest } from "next/server";
import NextAuth from "next-auth";
import { authOptions } from "@/lib/admin-auth/options";
import { BODY_LIMITS, readBodyLimited } from "@/lib/http/body";
import { isJsonContentType, jsonError } from "@/lib/http/json";

/**
 * next-auth's endpoints (csrf, providers, callback/credentials, session, signout).
 * The options are built per request so the secret is read at run time, not at build.
 * A POST body is read here first, capped while reading (next-auth would buffer any size)
 * and checked: a form or JSON (415 otherwise), JSON that parses (400 otherwise).
 */
type RouteContext = { params: Promise<{ nextauth: string[] }> };

async function handler(request: NextRequest, context: RouteContext): Promise<Response> {
  if (request.method === "POST" && request.body) {
    const type = request.headers.get("content-type") ?? "";
    const json = isJsonContentType(type);
    if (!json && !/^application\/x-www-form-urlencoded\s*(;|$)/i.test(type)) return jsonError(415, "Send the sign-in form as a form post.");
    const read = await readBodyLimited(request, BODY_LIMITS.form);
    if (!read.ok) return jsonError(read.status, read.message);
    if (json) {
      try {
        JSON.parse(read.bytes.toString("utf8"));
      } catch {
        return jsonError(400, "Request body must be valid JSON.");
      }
    }
    request = new NextRequest(request.url, { method: "POST", headers: request.headers, body: new Uint8Array(read.bytes) });
  }
  const response: Response = await NextAuth(request, context, authOptions());
  return response;
}

export { handler as GET, handler as POST };
