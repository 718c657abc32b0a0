import fs from "node:fs";
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { createAiEngine } from "./ai/index";
import { OfflineThreadEngine } from "./ai/offline/offline-thread-engine";
import { buildApp } from "./app";
import { loadConfig } from "./config";
import { openDatabase } from "./db/client";
import type { LedgerLog } from "./ledger/checkpoint-retry";
import { openLedger } from "./ledger/index";
import { inProcessLaunchBuilder } from "./ledger/launch-builder";
import { LaunchBuilderThread } from "./ledger/launch-builder-client";
import { makeDataDirPrivate } from "./lib/private-dir";
import { errorText } from "./lib/safe-error";
import { listenPubSub } from "./modules/rpc/rpc.pubsub-port";
import { seedOnStart } from "./seed/seed-on-start";

// Wires config, database, ledger and AI; listens; shuts down cleanly (checkpointing the
// embedded ledger) on SIGTERM and SIGINT.
async function main() {
  const config = loadConfig();
  // Everything this process writes (database, chain, keys) is the owner's alone.
  process.umask(0o077);
  await step(`DATA_DIR (${config.DATA_DIR}) cannot be used`, async () => makeDataDirPrivate(config.DATA_DIR));
  const database = await step(
    config.DATABASE_URL
      ? `The database at DATABASE_URL (${whereIs(config.DATABASE_URL)}) could not be opened; it must exist already`
      : `The embedded database in DATA_DIR (${config.DATA_DIR}) could not be opened`,
    () => openDatabase({ url: config.DATABASE_URL, dataDir: config.DATA_DIR }),
  );
  // The ledger opens before the app (and its logger) exists; its disk errors go to the app's
  // log once there is one.
  let logger: LedgerLog | null = null;
  const ledger = await step(
    config.SOLANA_RPC_URL
      ? `The ledger at SOLANA_RPC_URL (${whereIs(config.SOLANA_RPC_URL)}) could not be opened`
      : `The embedded ledger in DATA_DIR (${config.DATA_DIR}) could not be opened`,
    () =>
      openLedger({
        dataDir: config.DATA_DIR,
        rpcUrl: config.SOLANA_RPC_URL,
        checkpointIntervalMs: config.CHECKPOINT_INTERVAL_MS,
        thread: config.LEDGER_THREAD,
        log: {
          warn: (m) => (logger ? logger.warn(m) : process.emitWarning(m)),
          error: (m) => (logger ? logger.error(m) : console.error(m)),
        },
      }),
  );
  // The offline AI engine and launch building run off the event loop (docs/decisions/021 and
  // 022), their threads started together; one that cannot start leaves its work on the loop.
  const onLoop = (what: string) => (err: unknown) => {
    process.emitWarning(`${what} thread did not start (${errorText(err)}): its work runs on the event loop`);
    return null;
  };
  const [offline, builderThread] = await Promise.all([
    OfflineThreadEngine.start().catch(onLoop("offline engine")),
    LaunchBuilderThread.start().catch(onLoop("launch builder")),
  ]);
  const launchBuilder = builderThread ?? inProcessLaunchBuilder;
  const ai = createAiEngine(config, offline ? { offline } : {});
  const app = await buildApp({ config, database, ledger, ai, launchBuilder, clientRoot: config.CLIENT_DIST });
  logger = { warn: (m) => app.log.warn(m), error: (m) => app.log.error(m) };
  if (!fs.existsSync(path.join(config.CLIENT_DIST, "index.html")))
    app.log.warn(
      `CLIENT_DIST (${config.CLIENT_DIST}) has no index.html: run \`npm run build\`. The API works; pages answer 404.`,
    );

  let pubsub: Server | null = null;
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, "shutting down");
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    pubsub?.close();
    await app.close();
    await launchBuilder.close();
    await offline?.close();
    await ledger.close();
    await database.close();
    process.exit(process.exitCode ?? 0);
  };
  process.on("SIGTERM", () => void shutdown("SIGTERM"));
  process.on("SIGINT", () => void shutdown("SIGINT"));

  // The leader settles what was left pending (by a crash of any node) each time it takes
  // leadership: at start when it leads at once, else when it takes over from a dead leader.
  const { leadership } = app.services;
  leadership.onGained(async () => {
    const settled = await app.services.launches.reconcilePending();
    if (settled.confirmed + settled.failed + settled.resent > 0)
      app.log.info({ settled }, "reconciled pending launches");
    const transfers = await app.services.transfers.reconcilePending();
    if (transfers.confirmed + transfers.failed + transfers.resent > 0)
      app.log.info({ transfers }, "reconciled pending transfers");
    const market = await app.services.market.reconcilePending();
    if (market.trades + market.opened + market.failed > 0) app.log.info({ market }, "reconciled the market");
  });
  // Its background work may already run on another node: stop at once and come back as a
  // follower (a supervisor restarts the process).
  leadership.onLost(() => {
    app.log.error("lost leadership (its database session broke); exiting to restart as a follower");
    process.exitCode = 1;
    void shutdown("leadership lost");
  });
  await app.ready();
  if (leadership.isLeader) await seedOnStart(app, { config, database, ledger });
  // Explore's cards show each token's last recorded trust score until a fresh one is computed.
  await app.services.trust
    .loadLastScores()
    .catch((err: unknown) => app.log.warn(`last trust scores not read: ${errorText(err)}`));
  await step(`Cannot listen on HOST ${config.HOST}, PORT ${config.PORT}`, () =>
    app.listen({ port: config.PORT, host: config.HOST }),
  );
  // Explore's first snapshot reads a day of trades: built now, not on the first visitor's time.
  app.services.explore
    .warm()
    .catch((err: unknown) => app.log.warn(`explore snapshot not built at start: ${errorText(err)}`));
  // The port actually bound: with PORT=0 the system picks a free one.
  const { port } = app.server.address() as AddressInfo;
  const url = `http://${["0.0.0.0", "::"].includes(config.HOST) ? "localhost" : config.HOST}:${port}`;
  // PubSub on PORT + 1 too, where web3.js looks for it (embedded ledger only: a remote
  // cluster has its own). Not fatal when taken: clients can still pass wsEndpoint.
  if (config.RPC_PUBSUB_PORT !== "off" && ledger.onCommit) {
    const pubsubPort = config.RPC_PUBSUB_PORT;
    pubsub = await listenPubSub(app, { port: pubsubPort, host: config.HOST }).catch((err: unknown) => {
      app.log.error(
        `Solana PubSub cannot listen on port ${pubsubPort} (${err instanceof Error ? err.message : String(err)}); ` +
          "it is still served on the main port at /rpc",
      );
      return null;
    });
  }
  app.log.info(
    `Launchpad ready at ${url} (database: ${database.kind}, ledger: ${ledger.info.clusterLabel}, AI: ${ai.label}` +
      `${pubsub ? `, Solana PubSub also on port ${config.RPC_PUBSUB_PORT}` : ""})`,
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

/** Runs one start-up step; a failure says which setting it concerns and why: the innermost
 * cause (a driver's "Failed query" hides the connection error in `cause`). No stack: an
 * operator reads this, and the variables named are theirs to fix. */
async function step<T>(what: string, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (err) {
    let root: unknown = err;
    while (root instanceof Error && root.cause instanceof Error) root = root.cause;
    const reason = root instanceof Error ? root.message : String(root);
    throw new Error(`${what}: ${reason.split("\n")[0]}`);
  }
}

/** A URL's host, port and path, without credentials or query (they may hold secrets). */
function whereIs(url: string): string {
  try {
    const u = new URL(url);
    return `${u.protocol}//${u.host}${u.pathname}`;
  } catch {
    return "not a URL";
  }
}
