import { createAiEngine } from "./ai/index";
import { buildApp } from "./app";
import { loadConfig } from "./config";
import { openDatabase } from "./db/client";
import { openLedger } from "./ledger/index";
import { makeDataDirPrivate } from "./lib/private-dir";
import { seedDemo } from "./seed/seed.service";

// `npm run seed`: the demo creator, its four launched tokens and agents, and a demo fan.
// Idempotent, and it completes a seed a killed start left half-done. Running it is asking
// for demo content: it seeds whatever PUBLIC_URL says. Run it while the server is stopped:
// the embedded database and ledger belong to one process at a time.
async function main() {
  const config = loadConfig({ ...process.env, LOG_LEVEL: process.env.LOG_LEVEL ?? "warn" });
  // Everything this process writes (database, chain, keys) is the owner's alone.
  process.umask(0o077);
  makeDataDirPrivate(config.DATA_DIR);
  const database = await openDatabase({ url: config.DATABASE_URL, dataDir: config.DATA_DIR });
  const ledger = await openLedger({
    dataDir: config.DATA_DIR,
    rpcUrl: config.SOLANA_RPC_URL,
    checkpointIntervalMs: config.CHECKPOINT_INTERVAL_MS,
    thread: config.LEDGER_THREAD,
  });
  const app = await buildApp({
    config,
    database,
    ledger,
    ai: createAiEngine(config),
    clientRoot: config.CLIENT_DIST,
  });
  try {
    await app.ready();
    const result = await seedDemo({ db: database.db, ledger, services: app.services });
    console.log("Demo content ready (labelled as demo):");
    for (const t of result.tokens)
      console.log(`  ${t.symbol.padEnd(5)} ${t.mint}  agent: ${t.agent}${t.created ? " (new)" : ""}`);
    // Emails only: the password is in README.md ("Demo content"), never in output.
    console.log(`  Demo creator: ${result.creator.email} (username ${result.creator.username})`);
    console.log(`  Demo fan:     ${result.fan.email} (username ${result.fan.username}; holds ART and BIZ)`);
  } finally {
    await app.close();
    await ledger.close();
    await database.close();
  }
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
