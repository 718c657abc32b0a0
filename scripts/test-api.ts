// `npm run test:api`: the API tests on PGlite, then again on PostgreSQL when
// TEST_DATABASE_URL points at a server (CI sets it when one answers on 127.0.0.1:5432).
import { spawnSync } from "node:child_process";

const extra = process.argv.slice(2);
const vitest = (env: NodeJS.ProcessEnv, label: string) => {
  console.log(`\n=== API tests on ${label} ===`);
  const r = spawnSync("npx", ["vitest", "run", "--project", "api", ...extra], { stdio: "inherit", env });
  return r.status ?? 1;
};

const statuses = [vitest({ ...process.env, TEST_DB: "pglite" }, "PGlite")];
if (process.env.TEST_DATABASE_URL) {
  const host = new URL(process.env.TEST_DATABASE_URL).host;
  statuses.push(vitest({ ...process.env, TEST_DB: "postgres" }, `PostgreSQL (${host})`));
} else {
  console.log("\nTEST_DATABASE_URL is unset: the PostgreSQL pass did not run.");
}
process.exit(statuses.some((s) => s !== 0) ? 1 : 0);
