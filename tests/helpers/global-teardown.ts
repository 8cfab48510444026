import { rmSync } from "node:fs";
import { adminQuery } from "./global-setup";

/** Removes what tests/helpers/global-setup.ts made: the migrated dump, or the template database on the server. */
export default async function globalTeardown(): Promise<void> {
  const state = globalThis as { __twTemplateDir?: string; __twServerTemplate?: { serverUrl: string; name: string } };
  if (state.__twTemplateDir) rmSync(state.__twTemplateDir, { recursive: true, force: true });
  const server = state.__twServerTemplate;
  if (server) await adminQuery(server.serverUrl, `DROP DATABASE IF EXISTS "${server.name}" WITH (FORCE)`);
}
