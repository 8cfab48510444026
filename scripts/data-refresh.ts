// `npm run data:refresh`: fetches the newest CPI and PPI index levels from the BLS Public
// Data API v2 and tariff documents from the Federal Register API into the database, then
// recomputes the dashboard alerts. Exit code 0 when something was refreshed (success or
// partial), 1 when nothing could be. See docs/economy.md.
//
// With the embedded database, stop the app first (one process per data directory); with
// a PostgreSQL server the running app picks the new data up within 5 minutes.
import { describeTarget } from "@/lib/db/target";
import { refreshConfigFromEnv } from "@/lib/economy/config";
import { refreshEconomicData } from "@/lib/economy/refresh";
import { runWithDatabase } from "./lib/run-with-database";

void runWithDatabase("Refresh failed", async (database, env) => {
  const config = refreshConfigFromEnv(env);
  console.log(
    `Refreshing economic data into ${describeTarget(database.target)} (BLS ${config.blsApiKey ? "with BLS_API_KEY" : "without a key: 25 queries a day"})...`,
  );
  const summary = await refreshEconomicData({ db: database.prisma, config, trigger: "cli", log: (_level, line) => console.log(line) });
  return summary.status === "failed" ? 1 : 0;
});
