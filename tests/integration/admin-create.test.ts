import { execFile } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { AdminInputError, upsertAdmin } from "@/lib/admin-auth/admin-users";
import { verifyPassword } from "@/lib/admin-auth/password";
import { openDatabase } from "@/lib/db/connect";
import { setupTestDatabase } from "../helpers/test-database";

const db = setupTestDatabase();
const run = promisify(execFile);

describe("creating or resetting an admin", () => {
  it("stores only an argon2id hash, and a second run resets the password", async () => {
    expect(await upsertAdmin(db.prisma, { username: " Ops.Admin ", password: "first long passphrase" })).toEqual({ status: "created", username: "ops.admin" });
    const created = await db.prisma.user.findUniqueOrThrow({ where: { username: "ops.admin" } });
    expect(created.password).toMatch(/^\$argon2id\$/);
    expect(created.password).not.toContain("passphrase");
    expect(await upsertAdmin(db.prisma, { username: "ops.admin", password: "second long passphrase" })).toEqual({ status: "reset", username: "ops.admin" });
    const reset = await db.prisma.user.findUniqueOrThrow({ where: { username: "ops.admin" } });
    expect(await verifyPassword(reset.password, "second long passphrase")).toBe(true);
    expect(await verifyPassword(reset.password, "first long passphrase")).toBe(false);
    expect(await db.prisma.user.count()).toBe(1);
  });

  it("refuses a weak password or a bad username and changes nothing", async () => {
    await expect(upsertAdmin(db.prisma, { username: "ops", password: "short" })).rejects.toThrow(AdminInputError);
    await expect(upsertAdmin(db.prisma, { username: "a b", password: "a long enough passphrase" })).rejects.toThrow(AdminInputError);
    expect(await db.prisma.user.count()).toBe(0);
  });
});

describe("npm run admin:create", () => {
  const root = path.resolve(__dirname, "../..");
  let dataDir: string;
  beforeAll(() => {
    dataDir = mkdtempSync(path.join(tmpdir(), "tw-admin-create-"));
  });
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  const env = (extra: Record<string, string>) => {
    const base: NodeJS.ProcessEnv = { ...process.env, PGLITE_DATA_DIR: path.join(dataDir, "pglite"), ...extra };
    delete base.DATABASE_URL;
    delete base.ADMIN_USERNAME;
    delete base.ADMIN_PASSWORD;
    return { ...base, ...extra };
  };

  it("creates the admin from ADMIN_USERNAME / ADMIN_PASSWORD without printing the password", async () => {
    const password = "e2e-like secret passphrase 42";
    const { stdout, stderr } = await run("npm", ["run", "-s", "admin:create"], { cwd: root, env: env({ ADMIN_USERNAME: "ci-admin", ADMIN_PASSWORD: password }) });
    expect(stdout).toContain('Admin "ci-admin" created');
    expect(`${stdout}${stderr}`).not.toContain(password);
    const database = openDatabase({ kind: "pglite", dataDir: path.join(dataDir, "pglite") });
    try {
      const user = await database.prisma.user.findUniqueOrThrow({ where: { username: "ci-admin" } });
      expect(await verifyPassword(user.password, password)).toBe(true);
    } finally {
      await database.close();
    }
  }, 90_000);

  it("stops without a password when there is no terminal to ask in (no default password)", async () => {
    const failure = await run(process.execPath, [path.join(root, "node_modules/tsx/dist/cli.mjs"), "scripts/admin-create.ts"], {
      cwd: root,
      env: env({ ADMIN_USERNAME: "ci-admin" }),
    }).catch((error: { code: number; stderr: string }) => error);
    expect(failure).toMatchObject({ code: 1 });
    expect((failure as { stderr: string }).stderr).toContain("Set ADMIN_PASSWORD");
  }, 60_000);
});
