import type { FastifyInstance } from "fastify";
import type { Config } from "../config";
import type { Database } from "../db/client";
import type { Ledger } from "../ledger/ledger";
import { errorText } from "../lib/safe-error";
import { demoSeedWanted, seedDemo } from "./seed.service";

/** SEED_DEMO at start-up. "ask" (default) seeds a local site (PUBLIC_URL unset or on
 * localhost): a fresh install, or the rest of a demo seed a killed start left half-done, so
 * a first `npm start` shows a working /ai-agents page. A public site gets no accounts with a
 * published password unless SEED_DEMO=yes, which ensures the content at every start; "no"
 * never seeds. A failed seed is logged, never fatal: the platform works without it. */
export async function seedOnStart(
  app: FastifyInstance,
  deps: { config: Config; database: Database; ledger: Ledger },
): Promise<void> {
  const { SEED_DEMO: mode, siteIsLocal } = deps.config;
  if (mode === "no" || (mode === "ask" && !siteIsLocal)) return;
  const { db } = deps.database;
  if (mode === "ask" && !(await demoSeedWanted(db))) return;
  try {
    await seedDemo({
      db,
      ledger: deps.ledger,
      services: app.services,
      onProgress: (step) => app.log.info(`demo content: ${step}`),
    });
    // Never the password: README's "Demo content" lists the accounts.
    app.log.info(
      `Demo content ready (SEED_DEMO=${mode}; set SEED_DEMO=no to skip): demo accounts as listed in README.md, "Demo content".`,
    );
  } catch (err) {
    app.log.warn(`demo seed skipped: ${errorText(err)}`);
  }
}
