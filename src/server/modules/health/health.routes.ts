import { HealthSchema } from "@shared/schemas/health";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { Database } from "../../db/client";
import type { Ledger } from "../../ledger/ledger";

/** GET /api/health: is each part up, and which kind is it. 503 when any part is down. The
 * embedded ledger also says how its journal and checkpoints fare, with the last disk error
 * while it retries (it recovers by itself, and so does this answer). */
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
          (h) => ({ ...h, slot: h.slot.toString() }),
          (err: Error) => ({ ok: false, detail: err.message, checkpoint: undefined }),
        ),
      ]);
      const ok = db.ok && ledger.ok;
      // Failing checkpoints do not stop writes (the journal keeps everything), so they make the
      // status "degraded" without a 503; a part that cannot serve makes it 503.
      const degraded = !ok || ledger.checkpoint?.ok === false;
      return reply.status(ok ? 200 : 503).send({
        status: degraded ? "degraded" : "ok",
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
