import path from "node:path";
import type { LedgerLog } from "./checkpoint-retry";
import { openEmbeddedLedger } from "./embedded-ledger";
import type { Ledger } from "./ledger";

export type * from "./ledger";

export interface OpenLedgerOptions {
  dataDir: string;
  /** A Solana JSON-RPC URL (e.g. devnet). Unset: the embedded, durable LiteSVM ledger. */
  rpcUrl?: string;
  checkpointIntervalMs: number;
  /** Where disk errors and replay problems are told (default: process warnings). */
  log?: LedgerLog;
  /** Where the embedded ledger runs: its own worker thread (default), or the server's main
   * thread (LEDGER_THREAD=main). */
  thread?: "main" | "worker";
}

/** The ledger chosen by configuration: embedded under DATA_DIR/chain, or a remote cluster. */
export async function openLedger(options: OpenLedgerOptions): Promise<Ledger> {
  if (options.rpcUrl) {
    const { RpcLedger } = await import("./rpc-ledger");
    return new RpcLedger({ url: options.rpcUrl });
  }
  const chainDir = path.join(options.dataDir, "chain");
  const log = options.log ?? { warn: (m) => process.emitWarning(m), error: (m) => process.emitWarning(m) };
  if (options.thread === "main")
    return openEmbeddedLedger({ chainDir, checkpointIntervalMs: options.checkpointIntervalMs, log });
  const { LedgerThreadClient } = await import("./ledger-thread-client");
  return LedgerThreadClient.start({ chainDir, checkpointIntervalMs: options.checkpointIntervalMs }, log);
}
