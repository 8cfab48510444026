import type { NextRequest } from "next/server";
import NextAuth from "next-auth";
import { authOptions } from "@/lib/auth/options";

/**
 * next-auth's endpoints (csrf, providers, callback/credentials, session, signout).
 * The options are built per request so the secret is read at run time, not at build.
 */
type RouteContext = { params: Promise<{ nextauth: string[] }> };

async function handler(request: NextRequest, context: RouteContext): Promise<Response> {
  const response: Response = await NextAuth(request, context, authOptions());
  return response;
}

export { handler as GET, handler as POST };
