/**
 * True when a write failed on a unique index (Prisma's P2002), e.g. a second signup
 * for the same email racing the first. Callers map it to 409.
 */
export function isUniqueViolation(error: unknown): boolean {
  return typeof error === "object" && error !== null && "code" in error && (error as { code: unknown }).code === "P2002";
}
