import { z } from "zod";

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
  }),
});
export type Health = z.infer<typeof HealthSchema>;
