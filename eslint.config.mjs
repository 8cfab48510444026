import { defineConfig, globalIgnores } from "eslint/config";
import nextVitals from "eslint-config-next/core-web-vitals";
import nextTs from "eslint-config-next/typescript";

export default defineConfig([
  ...nextVitals,
  ...nextTs,
  globalIgnores([".next/**", ".next-*/**", "node_modules/**", ".data/**", "lib/db/generated/**", "test-results/**", "playwright-report/**", "next-env.d.ts"]),
  {
    rules: {
      "@typescript-eslint/no-explicit-any": "error",
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      // Settings per capability (docs/architecture.md, "Where things live"): the environment is read in lib/env only
      // (getEnv(), parseEnv(), lib/env/runtime.ts); the files below are exempt.
      "no-restricted-properties": [
        "error",
        { object: "process", property: "env", message: "Read settings through lib/env (getEnv() or a capability of lib/env/), not process.env." },
      ],
    },
  },
  {
    // Allowed to read process.env: the settings themselves, the database target (used by
    // command-line tools before any settings exist), the command-line tools, the build and
    // test configuration, and the tests.
    files: [
      "lib/env/**",
      "lib/db/target.ts",
      "scripts/**",
      "next.config.mjs",
      "playwright.config.ts",
      "jest.config.mjs",
      "prisma.config.ts",
      "tests/**",
      "e2e/**",
    ],
    rules: { "no-restricted-properties": "off" },
  },
]);
