import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

const alias = {
  "@shared": fileURLToPath(new URL("./src/shared", import.meta.url)),
  "@": fileURLToPath(new URL("./src/client", import.meta.url)),
};

// Three projects so each layer can run alone: unit (pure code, no database), api (real
// server on a real database and ledger; every test that opens a database belongs here),
// e2e (production build in Chromium). Every test fails on a console.error it did not expect
// (tests/setup/console.ts).
const setupFiles = ["tests/setup/console.ts"];
export default defineConfig({
  resolve: { alias },
  test: {
    projects: [
      {
        resolve: { alias },
        test: {
          name: "unit",
          include: ["src/**/*.test.ts", "src/**/*.test.tsx", "tests/{setup,support}/**/*.test.ts"],
          exclude: ["src/**/*.api.test.ts"],
          environment: "node",
          setupFiles,
        },
      },
      {
        resolve: { alias },
        test: {
          name: "api",
          include: ["src/**/*.api.test.ts", "tests/api/**/*.test.ts"],
          environment: "node",
          setupFiles,
          // One migrated template database per run; each app copies it (decision 008).
          globalSetup: ["tests/setup/api-database.ts"],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          pool: "forks",
          fileParallelism: false,
        },
      },
      {
        resolve: { alias },
        test: {
          name: "e2e",
          include: ["tests/e2e/**/*.spec.ts"],
          environment: "node",
          setupFiles,
          testTimeout: 120_000,
          hookTimeout: 180_000,
          pool: "forks",
          fileParallelism: false,
        },
      },
    ],
  },
});
