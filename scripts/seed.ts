// `npm run db:seed` (and part of `npm run app`): demo content, applied once.
import "dotenv/config";
import { openDatabase } from "@/lib/db/connect";
import { describeTarget } from "@/lib/db/target";
import { seedDemoContent } from "@/lib/seed/demo-content";

async function main(): Promise<void> {
  let database;
  try {
    database = openDatabase();
  } catch (error) {
    console.error(error instanceof Error ? error.message : String(error));
    process.exitCode = 1;
    return;
  }
  try {
    const { applied } = await seedDemoContent(database.prisma);
    console.log(
      applied.length
        ? `Seeded ${applied.join(", ")} into ${describeTarget(database.target)}.`
        : `Demo content already present in ${describeTarget(database.target)}; nothing to seed.`,
    );
  } catch (error) {
    console.error(`Seeding failed: ${error instanceof Error ? error.message : String(error)}`);
    process.exitCode = 1;
  } finally {
    await database.close();
  }
}

void main();
