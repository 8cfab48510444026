/**
 * The migrations in prisma/migrations, applied by tools/migrate/ (Prisma's WebAssembly
 * schema engine) to a fresh in-memory PGlite, produce the schema; a second run is a no-op;
 * a migration that fails is reported and not recorded as applied. With TEST_DATABASE_URL
 * (a PostgreSQL server) the migrations are checked against a fresh database there instead
 * (applied, then nothing left to apply or to create): `npm test` runs this file once without
 * it and once with it (the PostgreSQL pass, tests/postgres-pass.json).
 */
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { randomUUID } from "node:crypto";
import { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import { PrismaPGlite } from "pglite-prisma-adapter";
import {
  applyMigrations,
  createMigration,
  ensurePostgresDatabase,
  MigrationError,
  pgliteAdapterFactory,
  postgresAdapterFactory,
} from "@/tools/migrate";

const EXPECTED_TABLES = [
  "alerts",
  "ebook_purchases",
  "ebook_signups",
  "email_suppressions",
  "free_trials",
  "newsletters",
  "payments",
  "provider_events",
  "seed_runs",
  "sent_emails",
  "subscriptions",
  "trial_follow_ups",
  "users",
];

const migrationsDir = path.resolve("prisma/migrations");

const serverUrl = process.env.TEST_DATABASE_URL?.trim() || undefined;

(serverUrl ? describe.skip : describe)("database migrations", () => {
  let db: PGlite;

  beforeAll(async () => {
    db = await PGlite.create();
  });

  afterAll(async () => {
    await db.close();
  });

  it("applies every migration to a fresh database", async () => {
    const folders = (await fs.readdir(migrationsDir, { withFileTypes: true }))
      .filter((e) => e.isDirectory())
      .map((e) => e.name)
      .sort();
    expect(folders.length).toBeGreaterThan(0);

    const { applied } = await applyMigrations({ adapterFactory: new PrismaPGlite(db), migrationsDir });
    expect(applied).toEqual(folders);

    const tables = await db.query<{ table_name: string }>(
      "SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' ORDER BY table_name",
    );
    expect(tables.rows.map((r) => r.table_name)).toEqual(expect.arrayContaining([...EXPECTED_TABLES, "_prisma_migrations"]));

    const recorded = await db.query<{ migration_name: string }>(
      "SELECT migration_name FROM _prisma_migrations WHERE finished_at IS NOT NULL ORDER BY migration_name",
    );
    expect(recorded.rows.map((r) => r.migration_name)).toEqual(folders);
  });

  it("creates the constraints the app relies on", async () => {
    const unique = await db.query<{ indexname: string }>(
      "SELECT indexname FROM pg_indexes WHERE schemaname = 'public' AND indexdef LIKE 'CREATE UNIQUE INDEX%' ORDER BY indexname",
    );
    expect(unique.rows.map((r) => r.indexname)).toEqual(
      expect.arrayContaining([
        "users_username_key",
        "newsletters_email_key",
        "free_trials_email_key",
        "ebook_signups_email_key",
        "sent_emails_idempotencyKey_key",
      ]),
    );

    const trial = await db.query<{ id: string }>(
      `INSERT INTO free_trials (id, email, "firstName", "lastName", "endDate")
       VALUES (gen_random_uuid(), 'a@example.com', 'A', 'B', now() + interval '7 days') RETURNING id`,
    );
    const trialId = trial.rows[0]?.id;
    expect(trialId).toBeDefined();
    // Defaults are in the database, not only in the Prisma client.
    const defaults = await db.query<{ isActive: boolean; hasConverted: boolean }>(
      `SELECT "isActive", "hasConverted" FROM free_trials WHERE id = $1`,
      [trialId],
    );
    expect(defaults.rows[0]).toEqual({ isActive: true, hasConverted: false });

    await expect(
      db.query(
        `INSERT INTO trial_follow_ups (id, "trialId", "emailType") VALUES (gen_random_uuid(), gen_random_uuid(), 'day2')`,
      ),
    ).rejects.toThrow(/foreign key/);
    await db.query(`INSERT INTO trial_follow_ups (id, "trialId", "emailType") VALUES (gen_random_uuid(), $1, 'day2')`, [
      trialId,
    ]);
    // ON DELETE CASCADE
    await db.query("DELETE FROM free_trials WHERE id = $1", [trialId]);
    const left = await db.query("SELECT 1 FROM trial_follow_ups");
    expect(left.rows).toHaveLength(0);
  });

  it("applies nothing the second time", async () => {
    const { applied } = await applyMigrations({ adapterFactory: pgliteAdapterFactory(db), migrationsDir });
    expect(applied).toEqual([]);
  });

  it("finds nothing to create when the schema matches the migrations", async () => {
    const scratch = await fs.mkdtemp(path.join(os.tmpdir(), "migrations-"));
    try {
      await fs.cp(migrationsDir, scratch, { recursive: true });
      const { created } = await createMigration({ adapterFactory: pgliteAdapterFactory(db), migrationsDir: scratch, name: "noop" });
      expect(created).toBeNull();
      expect((await fs.readdir(scratch)).sort()).toEqual((await fs.readdir(migrationsDir)).sort());
    } finally {
      await fs.rm(scratch, { recursive: true, force: true });
    }
  }, 120_000); // a shadow database replays every migration: 23 s on a quiet CI machine, more under load

  it("reports a failing migration and does not record it as applied", async () => {
    const scratch = await fs.mkdtemp(path.join(os.tmpdir(), "migrations-"));
    const fresh = await PGlite.create();
    try {
      await fs.mkdir(path.join(scratch, "20000101000000_broken"));
      await fs.writeFile(
        path.join(scratch, "20000101000000_broken", "migration.sql"),
        'CREATE TABLE "t" ("id" INTEGER);\nCREATE TABLE "t" ("id" INTEGER);\n',
      );
      const run = applyMigrations({ adapterFactory: new PrismaPGlite(fresh), migrationsDir: scratch });
      await expect(run).rejects.toThrow(MigrationError);
      await expect(run).rejects.toThrow(/already exists/);
      const rows = await fresh.query("SELECT 1 FROM _prisma_migrations WHERE finished_at IS NOT NULL");
      expect(rows.rows).toHaveLength(0);
      // The migration ran as one transaction: the first statement was rolled back too.
      const t = await fresh.query("SELECT 1 FROM information_schema.tables WHERE table_name = 't'");
      expect(t.rows).toHaveLength(0);
    } finally {
      await fresh.close();
      await fs.rm(scratch, { recursive: true, force: true });
    }
    // A new embedded database starts from nothing (its WebAssembly compiled, its cluster made):
    // a few seconds on a quiet CI machine, over 30 s twice under another run's load.
  }, 90_000);
});

(serverUrl ? describe : describe.skip)("database migrations on a PostgreSQL server", () => {
  const name = `tw_migrate_test_${randomUUID().replaceAll("-", "").slice(0, 12)}`;
  const url = (() => {
    const u = new URL(serverUrl ?? "postgresql://localhost/unused");
    u.pathname = `/${name}`;
    return u.toString();
  })();
  const admin = async <T>(fn: (client: pg.Client) => Promise<T>): Promise<T> => {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      return await fn(client);
    } finally {
      await client.end();
    }
  };

  afterAll(async () => {
    const u = new URL(url);
    u.pathname = "/postgres";
    const client = new pg.Client({ connectionString: u.toString() });
    await client.connect();
    await client.query(`DROP DATABASE IF EXISTS ${pg.escapeIdentifier(name)} WITH (FORCE)`);
    await client.end();
  });

  it("creates the database, applies every migration, then applies nothing", async () => {
    expect(await ensurePostgresDatabase(url)).toBe(name);
    expect(await ensurePostgresDatabase(url)).toBeNull();

    const first = await applyMigrations({ adapterFactory: postgresAdapterFactory(url), migrationsDir });
    expect(first.applied.length).toBeGreaterThan(0);
    const tables = await admin((c) =>
      c.query<{ table_name: string }>("SELECT table_name FROM information_schema.tables WHERE table_schema = 'public'"),
    );
    expect(tables.rows.map((r) => r.table_name)).toEqual(expect.arrayContaining(EXPECTED_TABLES));

    const second = await applyMigrations({ adapterFactory: postgresAdapterFactory(url), migrationsDir });
    expect(second.applied).toEqual([]);
  });

  it("finds nothing to create, through a temporary shadow database that is dropped afterwards", async () => {
    const scratch = await fs.mkdtemp(path.join(os.tmpdir(), "migrations-"));
    try {
      await fs.cp(migrationsDir, scratch, { recursive: true });
      const { created } = await createMigration({ adapterFactory: postgresAdapterFactory(url), migrationsDir: scratch, name: "noop" });
      expect(created).toBeNull();
    } finally {
      await fs.rm(scratch, { recursive: true, force: true });
    }
    const shadows = await admin((c) => c.query("SELECT datname FROM pg_database WHERE datname LIKE 'prisma_migrate_shadow_db_%'"));
    expect(shadows.rows).toHaveLength(0);
  });
});
