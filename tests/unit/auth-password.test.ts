import { hashPassword, passwordProblem, passwordVersion, usernameProblem, verifyAgainstDummy, verifyPassword } from "@/lib/admin-auth/password";

describe("admin password hashing", () => {
  it("hashes with argon2id at OWASP's parameters (m=19456 KiB, t=2, p=1) and a random salt", async () => {
    const a = await hashPassword("correct horse battery staple");
    const b = await hashPassword("correct horse battery staple");
    expect(a).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$[A-Za-z0-9+/]{22}\$[A-Za-z0-9+/]{43}$/);
    expect(a).not.toBe(b);
    expect(a).not.toContain("horse");
  });

  it("verifies the right password and refuses a wrong, empty or oversized one, or a broken hash", async () => {
    const stored = await hashPassword("correct horse battery staple");
    expect(await verifyPassword(stored, "correct horse battery staple")).toBe(true);
    expect(await verifyPassword(stored, "Correct horse battery staple")).toBe(false);
    expect(await verifyPassword(stored, "")).toBe(false);
    expect(await verifyPassword(stored, "x".repeat(257))).toBe(false);
    expect(await verifyPassword("not-a-hash", "correct horse battery staple")).toBe(false);
    expect(await verifyAgainstDummy("anything")).toBe(false);
  });

  it("gives each stored hash its own version, so a reset password ends old sessions", async () => {
    const first = await hashPassword("correct horse battery staple");
    const second = await hashPassword("correct horse battery staple");
    expect(passwordVersion(first)).toMatch(/^[0-9a-f]{16}$/);
    expect(passwordVersion(first)).toBe(passwordVersion(first));
    expect(passwordVersion(first)).not.toBe(passwordVersion(second));
  });

  it("asks for 12+ characters, not mostly spaces, without the username", () => {
    expect(passwordProblem("short", "alice")).toBe("The password must be at least 12 characters.");
    expect(passwordProblem("x".repeat(257), "alice")).toBe("The password must be at most 256 characters.");
    expect(passwordProblem("  a          ", "alice")).toBe("The password must not be mostly spaces.");
    expect(passwordProblem("my-ALICE-password", "alice")).toBe("The password must not contain the username.");
    expect(passwordProblem("a long enough passphrase", "alice")).toBeNull();
  });

  it("accepts simple usernames only", () => {
    expect(usernameProblem("Alice")).toBeNull();
    expect(usernameProblem("ops.admin@tariffwatch")).toBeNull();
    for (const bad of ["", "ab", "-alice", "al ice", "a".repeat(65), "alice<script>"]) expect(usernameProblem(bad)).not.toBeNull();
  });
});
