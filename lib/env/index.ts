import "server-only";
import { parseEnv, type Env } from "./schema";

let cached: Env | undefined;

/** The validated environment. Throws (naming the variable) on the first bad value. */
export function getEnv(): Env {
  cached ??= parseEnv(process.env);
  return cached;
}

export type { Env };
