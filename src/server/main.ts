import type { AddressInfo } from "node:net";
import { createAiEngine } from "./ai/index";
import { buildApp } from "./app";
import { loadConfig } from "./config";
import { openDatabase } from "./db/client";
import { openLedger } from "./ledger/index";
import { seedOnStart } from "./modules/seed/seed-on-start";

// Wires config, database, ledger and AI; listens; shuts down cleanly (checkpointing the
// embedded ledger) on SIGTERM and SIGINT.
async function main() {
  const config = loadConfig();
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
  await seedOnStart(app, { config, database, ledger });
  await app.listen({ port: config.PORT, host: config.HOST });
  // The port actually bound: with PORT=0 the system picks a free one.
  const { port } = app.server.address() as AddressInfo;
  const url = `http://${config.HOST === "0.0.0.0" ? "localhost" : config.HOST}:${port}`;
  app.log.info(
    `Launchpad ready at ${url} (database: ${database.kind}, ledger: ${ledger.info.clusterLabel}, AI: ${ai.label})`,
  );
  // A parent that started this server with an IPC channel (the tests, on PORT=0) learns
  // where it listens; the channel must not keep the process alive.
  if (process.send) {
    process.send({ type: "ready", url });
    process.channel?.unref();
  }
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
