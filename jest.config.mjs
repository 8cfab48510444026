import nextJest from "next/jest.js";

const createJestConfig = nextJest({ dir: "./" });

/**
 * Unit tests (tests/unit) are pure; integration tests (tests/integration) run route
 * handlers and services against a real database: in-process PGlite by default, a
 * PostgreSQL server when TEST_DATABASE_URL is set (each test file gets its own database).
 */
const config = {
  testEnvironment: "node",
  testMatch: ["<rootDir>/tests/**/*.test.ts", "<rootDir>/tests/**/*.test.tsx"],
  moduleNameMapper: {
    "^server-only$": "<rootDir>/tests/helpers/server-only.js",
    "^@/(.*)$": "<rootDir>/$1",
  },
  setupFilesAfterEnv: ["<rootDir>/tests/helpers/setup.ts"],
  // One migrated embedded database dump for every integration test file (PGlite runs only).
  globalSetup: "<rootDir>/tests/helpers/global-setup.ts",
  globalTeardown: "<rootDir>/tests/helpers/global-teardown.ts",
  // Each test file runs in a vm context, where every lookup of a global (Math.max in a loop)
  // goes through the context's interceptors: 80x slower than in Node (docs/performance.md
  // "CI time"). These built-ins are handed to every module as parameters instead, the same
  // objects. Not Map (lucide-react declares an icon named Map), nor what fake timers replace
  // (Date, timers, performance), nor what jsdom lacks (TextEncoder, TextDecoder).
  sandboxInjectedGlobals: ["Math", "Object", "Array", "Error", "JSON", "Number", "String", "Symbol", "Set", "WeakMap", "Promise", "Reflect", "BigInt", "ArrayBuffer", "DataView", "Uint8Array", "Uint16Array", "Int32Array", "Float32Array", "Float64Array"],
  testTimeout: 30_000,
  // The slowest files first, also in a fresh clone (tests/durations.json).
  testSequencer: "<rootDir>/tests/helpers/test-sequencer.mjs",
};

export default createJestConfig(config);
