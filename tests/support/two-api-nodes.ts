import { randomBytes } from "node:crypto";
import { startTestApp, type TestApp } from "./test-app";
import { openPostgresTestDatabase, type TestDatabase } from "./test-database";

// Two API nodes on one PostgreSQL database and one chain, as in production (README "Scaling
// out"): node a runs the embedded ledger and serves /rpc, node b reads the chain through it.
// Both have the same wallet master key, so each can open the other's wallets and vaults.

export interface TwoApiNodes {
  db: TestDatabase;
  a: TestApp;
  b: TestApp;
  close(): Promise<void>;
}

/** `env` is both nodes'; `options.bEnv` is added to node b's alone (its own way to Redis). */
export async function startTwoApiNodes(
  env: Record<string, string> = {},
  { bEnv = {}, ...options }: { now?: () => number; bEnv?: Record<string, string> } = {},
): Promise<TwoApiNodes> {
  const db = await openPostgresTestDatabase();
  const shared = { WALLET_MASTER_KEY: randomBytes(32).toString("base64"), ...env };
  const a = await startTestApp(shared, { database: db.database, ...options });
  const b = await startTestApp(
    { ...shared, SOLANA_RPC_URL: `${a.url}/rpc`, ...bEnv },
    { database: db.database, ...options },
  );
  return {
    db,
    a,
    b,
    close: async () => {
      await b.close();
      await a.close();
      await db.drop();
    },
  };
}
