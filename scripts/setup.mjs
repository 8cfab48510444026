// Shared steps of `npm run app` and `npm test`, in plain Node so they run before any
// dependency is installed.
import { spawn } from "node:child_process";
import { existsSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

const mtime = (p) => (existsSync(p) ? statSync(p).mtimeMs : 0);

/** Runs a command in the project folder, inheriting output; rejects on a non-zero exit. */
export function run(command, args, options = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: root, stdio: "inherit", ...options, env: { ...process.env, ...options.env } });
    child.on("error", reject);
    child.on("exit", (code, signal) => {
      if (code === 0) resolve();
      else reject(new Error(`${command} ${args.join(" ")} failed (${signal ?? `exit ${code}`})`));
    });
  });
}

/** Local binary from node_modules/.bin. */
export const bin = (name) => path.join(root, "node_modules", ".bin", name);

/**
 * Installs dependencies when they are missing or older than package.json/lockfile, with
 * `npm ci`: exactly the committed lockfile, which holds every platform's native packages
 * (Linux x64 and arm64, macOS, Windows; tests/unit/lockfile.test.ts). A package.json the
 * lockfile does not match stops here with npm's message: run `npm install` and commit the
 * lockfile (docs/performance.md, "`npm ci` on every platform").
 *
 * `app`: only what building and serving the app needs (`npm ci --omit=dev`: package.json's
 * dependencies, which hold the build's tools too; tests/unit/app-dependencies.test.ts keeps
 * it so), unless the development packages are already there: the test tools are 805 of the
 * lockfile's 1,355 packages, and a fresh clone's `npm run app` does not wait for them
 * (docs/performance.md, "Start time"). Otherwise every package, installed again when an
 * earlier install left the development ones out.
 */
export async function ensureDependencies({ app = false } = {}) {
  const marker = path.join(root, "node_modules", ".package-lock.json");
  const wanted = Math.max(mtime(path.join(root, "package.json")), mtime(path.join(root, "package-lock.json")));
  // jest stands for the development packages: present after a full install, absent after --omit=dev.
  const withDev = existsSync(path.join(root, "node_modules", "jest", "package.json"));
  if (existsSync(marker) && mtime(marker) >= wanted && (app || withDev)) return;
  const omitDev = app && !withDev;
  console.log(`> Installing dependencies (npm ci${omitDev ? " --omit=dev: what the app needs" : ""})...`);
  await run("npm", ["ci", ...(omitDev ? ["--omit=dev"] : []), "--no-audit", "--no-fund", "--loglevel=error"]);
}

/**
 * Generates the Prisma client when the schema changed. The schema engine binary is
 * not needed for generation (and cannot be downloaded offline).
 */
export async function ensurePrismaClient() {
  const generated = path.join(root, "lib", "db", "generated", "client.ts");
  if (mtime(generated) >= mtime(path.join(root, "prisma", "schema.prisma"))) return;
  console.log("> Generating the Prisma client...");
  await run(bin("prisma"), ["generate"], { env: { PRISMA_SCHEMA_ENGINE_BINARY: "/bin/false", PRISMA_HIDE_UPDATE_MESSAGE: "1" } });
}

export function elapsed(start) {
  return `${((Date.now() - start) / 1000).toFixed(1)} s`;
}

/**
 * CPU seconds (user + system) of this process's children that have exited and been waited
 * for, with theirs: /proc/self/stat's cutime and cstime, in clock ticks (100 a second on
 * Linux). Null where there is no /proc.
 */
export function childrenCpuSeconds() {
  try {
    const stat = readFileSync("/proc/self/stat", "utf8");
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return (Number(fields[13]) + Number(fields[14])) / 100;
  } catch {
    return null;
  }
}
