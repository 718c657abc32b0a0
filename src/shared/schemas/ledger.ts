import { z } from "zod";

/** GET /api/ledger: which chain the platform runs on. */
export const LedgerInfoSchema = z.object({
  kind: z.enum(["embedded", "rpc"]),
  /** "devnet" | "mainnet-beta" | "testnet" | "embedded" | "custom" */
  cluster: z.string(),
  /** What people see: "Solana Devnet" or "Local devnet (embedded)". */
  label: z.string(),
  explorer: z.enum(["embedded", "devnet"]),
});
export type LedgerInfo = z.infer<typeof LedgerInfoSchema>;
