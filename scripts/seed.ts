// `npm run db:seed` (and part of `npm run app`): demo content, applied once.
import { describeTarget } from "@/lib/db/target";
import { seedDemoContent } from "@/lib/seed/demo-content";
import { runWithDatabase } from "./lib/run-with-database";

void runWithDatabase("Seeding failed", async (database) => {
  const { applied } = await seedDemoContent(database.prisma);
  console.log(
    applied.length
      ? `Seeded ${applied.join(", ")} into ${describeTarget(database.target)}.`
      : `Demo content already present in ${describeTarget(database.target)}; nothing to seed.`,
  );
});
