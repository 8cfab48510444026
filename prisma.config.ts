import "dotenv/config";
import { defineConfig } from "prisma/config";

// Prisma 7 reads its settings from here. The CLI's native schema engine cannot be
// downloaded on an offline machine, so migrations run through scripts/db.ts (the
// WebAssembly engine); `prisma migrate deploy` also works where the engine can be fetched.
export default defineConfig({
  schema: "prisma/schema.prisma",
  migrations: { path: "prisma/migrations" },
  datasource: { url: process.env.DATABASE_URL ?? "postgresql://localhost:5432/tariffwatch" },
});
