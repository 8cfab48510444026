import type { Env } from "@/lib/env/schema";
import type { RefreshConfig } from "./refresh";

/** The refresh's settings from the validated environment (lib/env/schema.ts). */
export function refreshConfigFromEnv(env: Pick<Env, "economy">): RefreshConfig {
  return {
    blsApiUrl: env.economy.blsApiUrl,
    blsApiKey: env.economy.blsApiKey,
    federalRegisterApiUrl: env.economy.federalRegisterApiUrl,
  };
}
