// `npm run app`: install what is missing, migrate and seed the database, build, serve.
import { bin, elapsed, ensureDependencies, ensurePrismaClient, run } from "./setup.mjs";

const start = Date.now();
process.env.NEXT_TELEMETRY_DISABLED = "1";

await ensureDependencies();
await ensurePrismaClient();
console.log("> Applying database migrations...");
await run(bin("tsx"), ["scripts/db.ts", "deploy"]);
console.log("> Seeding demo content (once)...");
await run(bin("tsx"), ["scripts/seed.ts"]);
console.log("> Building the app...");
await run(bin("next"), ["build"]);
const port = process.env.PORT || "3000";
console.log(`> Ready after ${elapsed(start)}. Serving http://localhost:${port}`);
console.log("> Staff pages: /admin/sign-in (create an admin first with `npm run admin:create`, app stopped).");
await run(bin("next"), ["start", "-p", port]);
