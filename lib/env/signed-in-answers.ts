import "server-only";
import { getEnv } from "./index";
import { ownOrigin, rawEnv } from "./runtime";

/**
 * Whether signed-in answers may be kept in memory (lib/http/answer-cache.ts, docs/performance.md
 * "Signed-in answers from memory"): SIGNED_IN_CACHE is not "off", this is a long-running server
 * that can reach itself (scripts/serve.mjs or next start; not a serverless platform, where each
 * instance would hold a listening connection for nothing), and not `next dev` (an edited page
 * must show at once).
 */
export function signedInAnswersOn(): boolean {
  // Read once: the settings are fixed for the life of the process, and this is asked on every
  // signed-in request.
  on ??= getEnv().signedInCache && ownOrigin() !== null && rawEnv().NODE_ENV !== "development";
  return on;
}
let on: boolean | undefined;
