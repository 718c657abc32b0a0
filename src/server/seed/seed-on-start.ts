import type { FastifyInstance } from "fastify";
import type { Config } from "../config";
import type { Database } from "../db/client";
import type { Ledger } from "../ledger/ledger";
import { databaseIsEmpty, type SeedResult, seedDemo } from "./seed.service";

/** SEED_DEMO at start-up: "yes" seeds (idempotent) every start; "ask" (default) seeds a
 * fresh install (no accounts yet) and says so in the log, so a first `npm start` shows a
 * working /ai-agents page; "no" never seeds. A failed seed is logged, never fatal: the
 * platform works without demo content. */
export async function seedOnStart(
  app: FastifyInstance,
  deps: { config: Config; database: Database; ledger: Ledger },
): Promise<void> {
  const mode = deps.config.SEED_DEMO;
  if (mode === "no") return;
  const { db } = deps.database;
  if (mode === "ask" && !(await databaseIsEmpty(db))) return;
  try {
    const result = await seedDemo({ db, ledger: deps.ledger, services: app.services });
    app.log.info(
      `Demo content ready (SEED_DEMO=${mode}${mode === "ask" ? ", empty database" : ""}; set SEED_DEMO=no to skip). ${credentialsLine(result)}`,
    );
  } catch (err) {
    app.log.warn({ err: err instanceof Error ? err.message : String(err) }, "demo seed skipped");
  }
}

export function credentialsLine(result: SeedResult): string {
  return (
    `Demo creator: ${result.creator.email} / ${result.creator.password}. ` +
    `Demo fan: ${result.fan.email} / ${result.fan.password} (unlocks ${result.tokens
      .filter((t) => t.symbol === "ART" || t.symbol === "BIZ")
      .map((t) => t.agent)
      .join(" and ")}).`
  );
}
