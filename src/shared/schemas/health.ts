import { z } from "zod";

/** A disk-backed part of the embedded ledger (journal, checkpoints): a failing one carries its
 * last error (code and meaning, no path) and since when, while it retries by itself. */
const DiskPartSchema = z.object({
  ok: z.boolean(),
  error: z.string().optional(),
  since: z.string().optional(),
});

/** GET /api/health (200 when every part is up, 503 otherwise, same shape). */
export const HealthSchema = z.object({
  status: z.enum(["ok", "degraded"]),
  database: z.object({
    kind: z.enum(["pglite", "postgres"]),
    ok: z.boolean(),
    detail: z.string().optional(),
  }),
  ledger: z.object({
    kind: z.enum(["embedded", "rpc"]),
    cluster: z.string(),
    label: z.string(),
    ok: z.boolean(),
    /** The ledger's current slot, as a decimal string. */
    slot: z.string().optional(),
    detail: z.string().optional(),
    journal: DiskPartSchema.optional(),
    checkpoint: DiskPartSchema.optional(),
  }),
  /** The chain indexer (docs/indexer.md): commit -> indexed lag (p99, and p50, over the last
   * 1,000 transactions it wrote; null before the first), the newest slot it wrote, and how many
   * signatures wait. */
  indexer: z.object({
    ok: z.boolean(),
    /** leader: this node ingests; follower: another node does and this one reads its tables. */
    role: z.enum(["leader", "follower"]),
    source: z.enum(["commit-stream", "rpc-poll"]),
    caughtUp: z.boolean(),
    lagMs: z.number().nullable(),
    lagP50Ms: z.number().nullable(),
    lastIndexedSlot: z.string(),
    behind: z.number(),
    detail: z.string().optional(),
  }),
  /** The rewards sponsor (docs/decisions/011-reward-sponsor.md): the key that pays reward
   * NFTs' rent and fees, its balance in lamports, and whether it runs low. */
  rewardsSponsor: z.object({ address: z.string(), lamports: z.string(), low: z.boolean() }),
  /** The job paying creators the fees owed while their wallet could not receive them
   * (docs/market.md): whether it runs on this node (the leader's) and whether its last sweep
   * went through, with why not while it retries. */
  creatorFeePayouts: z.object({ ok: z.boolean(), running: z.boolean(), detail: z.string().optional() }),
  /** This API node among others on one database (docs/decisions/013-leader-and-change-bus.md):
   * whether it holds leadership (and how many times it took it), whether its indexer and
   * automatic reward minter run (the leader's only), how its change notices travel (this
   * process only, PostgreSQL or Redis), whether that link is up, and how many notices it heard
   * from other nodes. A link down makes the status "degraded", with why in `detail`. */
  node: z.object({
    leader: z.boolean(),
    terms: z.number(),
    indexerRunning: z.boolean(),
    minterRunning: z.boolean(),
    changesVia: z.enum(["process", "postgres", "redis"]),
    changesShared: z.boolean(),
    changesHeard: z.number(),
    detail: z.string().optional(),
  }),
});
