// `npm run admin:create`: creates an admin, or resets an admin's password.
//
//   npm run admin:create                       asks for the username and the password (hidden, twice)
//   ADMIN_USERNAME=alex ADMIN_PASSWORD=... npm run admin:create    no questions (scripts, CI)
//
// The password is never printed and there is no default: without ADMIN_PASSWORD and
// without a terminal to ask in, the command stops. Resetting a password signs that
// admin out everywhere. With the embedded database, stop `npm run app` first (one
// process per data directory). See docs/admin.md.
import "dotenv/config";
import { createInterface } from "node:readline/promises";
import { AdminInputError, upsertAdmin } from "@/lib/admin-auth/admin-users";
import { normalizeUsername, passwordProblem, usernameProblem } from "@/lib/admin-auth/password";
import { openDatabase, type Database } from "@/lib/db/connect";
import { describeTarget } from "@/lib/db/target";

async function ask(question: string): Promise<string> {
  const rl = createInterface({ input: process.stdin, output: process.stdout });
  try {
    return await rl.question(question);
  } finally {
    rl.close();
  }
}

/** Reads a line from the terminal without echoing it. */
function askHidden(question: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const { stdin, stdout } = process;
    stdout.write(question);
    stdin.setRawMode(true);
    stdin.resume();
    stdin.setEncoding("utf8");
    let value = "";
    const done = (error?: Error) => {
      stdin.setRawMode(false);
      stdin.pause();
      stdin.off("data", onData);
      stdout.write("\n");
      if (error) reject(error);
      else resolve(value);
    };
    const onData = (chunk: string) => {
      for (const char of chunk) {
        if (char === "\r" || char === "\n") return done();
        if (char === "\u0003") return done(new Error("Cancelled."));
        if (char === "\u007f" || char === "\b") value = value.slice(0, -1);
        else if (char >= " ") value += char;
      }
    };
    stdin.on("data", onData);
  });
}

async function readInput(): Promise<{ username: string; password: string }> {
  const interactive = Boolean(process.stdin.isTTY && process.stdout.isTTY);
  let username = process.env.ADMIN_USERNAME?.trim() ?? "";
  if (!username) {
    if (!interactive) throw new AdminInputError("Set ADMIN_USERNAME (and ADMIN_PASSWORD), or run this in a terminal to be asked.");
    username = await ask("Admin username: ");
  }
  username = normalizeUsername(username);
  const usernameError = usernameProblem(username);
  if (usernameError) throw new AdminInputError(usernameError);

  const fromEnv = process.env.ADMIN_PASSWORD;
  if (fromEnv) return { username, password: fromEnv };
  if (!interactive) throw new AdminInputError("Set ADMIN_PASSWORD, or run this in a terminal to be asked. There is no default password.");
  const password = await askHidden(`Password for ${username} (at least 12 characters, not shown): `);
  const problem = passwordProblem(password, username);
  if (problem) throw new AdminInputError(problem);
  if ((await askHidden("Repeat the password: ")) !== password) throw new AdminInputError("The two passwords differ. Nothing was changed.");
  return { username, password };
}

async function main(): Promise<void> {
  let database: Database | undefined;
  try {
    const input = await readInput();
    database = openDatabase();
    const result = await upsertAdmin(database.prisma, input);
    console.log(
      result.status === "created"
        ? `Admin "${result.username}" created in ${describeTarget(database.target)}. Sign in at /admin/sign-in.`
        : `Password of admin "${result.username}" reset in ${describeTarget(database.target)}; their existing sessions are signed out.`,
    );
  } catch (error) {
    console.error(error instanceof Error ? error.message : String(error));
    process.exitCode = 1;
  } finally {
    await database?.close();
  }
}

void main();
