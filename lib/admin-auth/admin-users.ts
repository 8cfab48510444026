import type { PrismaClient } from "@/lib/db/generated/client";
import { isUniqueViolation } from "@/lib/db/errors";
import { hashPassword, normalizeUsername, passwordProblem, usernameProblem } from "./password";

/**
 * Creating an admin, or resetting an admin's password (`npm run admin:create`). Admins
 * are rows of the users table; the password is stored only as an argon2id hash.
 * Resetting changes the hash, which ends the admin's existing sessions.
 *
 * No `server-only`: the command-line script uses it.
 */
export class AdminInputError extends Error {
  override name = "AdminInputError";
}

export type UpsertAdminResult = { status: "created" | "reset"; username: string };

export async function upsertAdmin(db: PrismaClient, input: { username: string; password: string }): Promise<UpsertAdminResult> {
  const username = normalizeUsername(input.username);
  const problem = usernameProblem(username) ?? passwordProblem(input.password, username);
  if (problem) throw new AdminInputError(problem);
  const password = await hashPassword(input.password);
  const existing = await db.user.findUnique({ where: { username } });
  if (existing) {
    await db.user.update({ where: { username }, data: { password } });
    return { status: "reset", username };
  }
  try {
    await db.user.create({ data: { username, password } });
    return { status: "created", username };
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    await db.user.update({ where: { username }, data: { password } });
    return { status: "reset", username };
  }
}
