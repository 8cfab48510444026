import { z } from "zod";

/**
 * Path parameter schemas for the route frame (lib/http/route.ts `params`, docs/security.md
 * "The route frame"). A value the schema refuses names nothing: 404 with the schema's
 * message. Characters no field accepts (NUL, control characters, broken Unicode) are a 400
 * before any schema, as in bodies.
 */
/** The answer to a path whose percent-encoding does not decode (`%ff`): our server's, the proxy's and the frame's 400. */
export { MALFORMED_PATH_MESSAGE } from "@/scripts/request-path.mjs";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** `{id}` that must be a UUID (watches, API keys, alerts, review items). */
export function uuidParams(notFound: string) {
  return z.object({ id: z.string({ error: notFound }).regex(UUID, { error: notFound }) });
}

/** `{id}` of a record keyed by a readable id (measures, events): 1 to 200 characters. */
export function recordIdParams(notFound: string) {
  return z.object({ id: z.string({ error: notFound }).min(1, { error: notFound }).max(200, { error: notFound }) });
}
