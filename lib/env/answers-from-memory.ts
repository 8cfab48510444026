import "server-only";
import { getEnv } from "./index";
import { ownOrigin, rawEnv } from "./runtime";

/**
 * Whether answers may be kept in memory (lib/http/answer-cache.ts, docs/performance.md
 * "Answers from memory"): ANSWER_CACHE is not "off", this is a long-running server
 * that can reach itself (scripts/serve.mjs or next start; not a serverless platform, where each
 * instance would hold a listening connection for nothing), and not `next dev` (an edited page
 * must show at once).
 */
export function answersFromMemoryOn(): boolean {
  // Read once: the settings are fixed for the life of the process, and this is asked on every
  // request the cache may answer.
  on ??= getEnv().answerCache && ownOrigin() !== null && rawEnv().NODE_ENV !== "development";
  return on;
}
let on: boolean | undefined;
