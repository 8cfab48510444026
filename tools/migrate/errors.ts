/** The migration tool's error (a message meant for people, no engine backtrace) and the small readers of unknown errors. */
// ---------------------------------------------------------------------------
// Errors

/** A migration command failed; `message` is meant for people (no engine backtrace). */
export class MigrationError extends Error {
  override name = "MigrationError";
}

// ---------------------------------------------------------------------------
// Small helpers

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null;
}

export function errorCode(error: unknown): string | undefined {
  return isRecord(error) && typeof error.code === "string" ? error.code : undefined;
}

export function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
