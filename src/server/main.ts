import { createAiEngine } from "./ai/index";
import { buildApp } from "./app";
import { loadConfig } from "./config";
import { openDatabase } from "./db/client";
import { openLedger } from "./ledger/index";
import { makeDataDirPrivate } from "./lib/private-dir";
import { seedOnStart } from "./seed/seed-on-start";

// Wires config, database, ledger and AI; listens; shuts down cleanly (checkpointing the
// embedded ledger) on SIGTERM and SIGINT.
async function main() {
  const config = loadConfig();
  // Everything this process writes (database, chain, keys) is the owner's alone.
  process.umask(0o077);
  makeDataDirPrivate(config.DATA_DIR);
  const database = await openDatabase({ url: config.DATABASE_URL, dataDir: config.DATA_DIR });
  const ledger = await openLedger({
    dataDir: config.DATA_DIR,
    rpcUrl: config.SOLANA_RPC_URL,
    checkpointIntervalMs: config.CHECKPOINT_INTERVAL_MS,
  });
  const ai = createAiEngine(config);
  const app = await buildApp({ config, database, ledger, ai, clientRoot: config.CLIENT_DIST });

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, "shutting down");
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    await app.close();
    await ledger.close();
    await database.close();
    process.exit(0);
  };
  process.on("SIGTERM", () => void shutdown("SIGTERM"));
  process.on("SIGINT", () => void shutdown("SIGINT"));

  await app.ready();
  const settled = await app.services.launches.reconcilePending();
  if (settled.confirmed + settled.failed + settled.resent > 0)
    app.log.info({ settled }, "reconciled pending launches");
  const transfers = await app.services.transfers.reconcilePending();
  if (transfers.confirmed + transfers.failed + transfers.resent > 0)
    app.log.info({ transfers }, "reconciled pending transfers");
  await seedOnStart(app, { config, database, ledger });
  await app.listen({ port: config.PORT, host: config.HOST });
  app.log.info(
    `Launchpad ready at http://${config.HOST === "0.0.0.0" ? "localhost" : config.HOST}:${config.PORT} ` +
      `(database: ${database.kind}, ledger: ${ledger.info.clusterLabel}, AI: ${ai.label})`,
  );
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
