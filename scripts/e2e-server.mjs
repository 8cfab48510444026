// The server the Playwright suite runs against: a fresh embedded database, migrated and
// seeded, and the production build (`next build` must have run).
import { rmSync } from "node:fs";
import path from "node:path";
import { bin, root, run } from "./setup.mjs";

const dataDir = path.join(root, ".data", "e2e-pglite");
rmSync(dataDir, { recursive: true, force: true });
const env = { PGLITE_DATA_DIR: dataDir, NEXT_TELEMETRY_DISABLED: "1" };
delete process.env.DATABASE_URL;
await run(bin("tsx"), ["scripts/db.ts", "deploy"], { env });
await run(bin("tsx"), ["scripts/seed.ts"], { env });
await run(bin("next"), ["start", "-p", process.env.PORT ?? "3100", "-H", "127.0.0.1"], { env });
