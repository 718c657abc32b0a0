import { HealthSchema } from "@shared/schemas/health";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { Database } from "../../db/client";
import type { Ledger } from "../../ledger/ledger";

/** GET /api/health: is each part up, and which kind is it. 503 when any part is down. */
export const healthRoutes: FastifyPluginAsyncZod<{ database: Database; ledger: Ledger }> = async (
  app,
  opts,
) => {
  app.get(
    "/api/health",
    { schema: { response: { 200: HealthSchema, 503: HealthSchema } } },
    async (_request, reply) => {
      const [db, ledger] = await Promise.all([
        opts.database.ping().then(
          () => ({ ok: true }),
          (err: Error) => ({ ok: false, detail: err.message }),
        ),
        opts.ledger.health().then(
          (h) => ({ ok: h.ok, slot: h.slot.toString(), detail: h.detail }),
          (err: Error) => ({ ok: false, detail: err.message }),
        ),
      ]);
      const ok = db.ok && ledger.ok;
      return reply.status(ok ? 200 : 503).send({
        status: ok ? "ok" : "degraded",
        database: { kind: opts.database.kind, ...db },
        ledger: {
          kind: opts.ledger.info.kind,
          cluster: opts.ledger.info.cluster,
          label: opts.ledger.info.clusterLabel,
          ...ledger,
        },
      });
    },
  );
};
