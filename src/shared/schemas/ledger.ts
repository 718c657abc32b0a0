import { z } from "zod";

/** GET /api/ledger: which chain the platform runs on. */
export const LedgerInfoSchema = z.object({
  kind: z.enum(["embedded", "rpc"]),
  /** "devnet" | "mainnet-beta" | "testnet" | "embedded" | "custom" */
  cluster: z.string(),
  /** What people see: "Solana Devnet" or "Local devnet (embedded)". */
  label: z.string(),
  /** "public": the Solana Explorer shows this cluster (devnet, testnet, mainnet); "none": the
   * embedded ledger or an RPC endpoint of one's own, which no public explorer sees. */
  explorer: z.enum(["public", "none"]),
});
export type LedgerInfo = z.infer<typeof LedgerInfoSchema>;
