import type { Database } from "../../db/client";
import type { Ledger } from "../../ledger/ledger";
import { type ChangeBus, DEAF_DROP_MS } from "../../lib/change-bus";
import type { Leadership } from "../../lib/leader";
import type { IndexerService } from "../indexer/indexer.service";
import type { CreatorFeePayouts } from "../market/market-payouts.service";
import type { RewardAutoMinter } from "../rewards/reward-auto-minter";
import type { RewardSponsor } from "../rewards/reward-sponsor";

interface Deps {
  database: Database;
  ledger: Ledger;
  indexer: Pick<IndexerService, "health" | "isRunning">;
  rewardSponsor: Pick<RewardSponsor, "health">;
  rewardAutoMinter: Pick<RewardAutoMinter, "isRunning">;
  creatorFeePayouts: Pick<CreatorFeePayouts, "health">;
  leadership: Pick<Leadership, "health">;
  bus: Pick<ChangeBus, "health">;
}

/** Is each part up, and which kind is it. The embedded ledger also says how its journal and
 * checkpoints fare, with the last disk error while it retries (it recovers by itself, and so
 * does this answer). */
export class HealthService {
  constructor(private deps: Deps) {}

  async check() {
    const { database, ledger } = this.deps;
    const [db, chain] = await Promise.all([
      database.ping().then(
        () => ({ ok: true }),
        (err: Error) => ({ ok: false, detail: err.message }),
      ),
      ledger.health().then(
        (h) => ({ ...h, slot: h.slot.toString() }),
        (err: Error) => ({ ok: false, detail: err.message, checkpoint: undefined }),
      ),
    ]);
    const ok = db.ok && chain.ok;
    const indexer = this.deps.indexer.health();
    // A sponsor low on SOL stops new reward NFTs only: reported, not degraded.
    const rewardsSponsor = await this.deps.rewardSponsor.health();
    const creatorFeePayouts = this.deps.creatorFeePayouts.health();
    // Failing checkpoints do not stop writes (the journal keeps everything), and an indexer or
    // a payout job that retries does not stop the API, so they make the status "degraded"
    // without a 503; a part that cannot serve makes it 503.
    // So is a node cut off from the other nodes' change notices: it still answers (its caches
    // kept short meanwhile), but an operator must see why.
    const node = this.node();
    const degraded =
      !ok ||
      chain.checkpoint?.ok === false ||
      !indexer.ok ||
      !creatorFeePayouts.ok ||
      node.detail !== undefined;
    return {
      ok,
      body: {
        status: degraded ? ("degraded" as const) : ("ok" as const),
        database: { kind: database.kind, ...db },
        ledger: {
          kind: ledger.info.kind,
          cluster: ledger.info.cluster,
          label: ledger.info.clusterLabel,
          ...chain,
        },
        indexer,
        rewardsSponsor,
        creatorFeePayouts,
        node,
      },
    };
  }

  private node() {
    const { leader, terms } = this.deps.leadership.health();
    const bus = this.deps.bus.health();
    return {
      leader,
      terms,
      indexerRunning: this.deps.indexer.isRunning,
      minterRunning: this.deps.rewardAutoMinter.isRunning,
      changesVia: bus.via,
      changesShared: bus.shared,
      changesHeard: bus.heard,
      ...(bus.via === "process" || bus.shared ? {} : { detail: linkDown(bus.via, bus.listening) }),
    };
  }
}

/** Why a node's change link (to the other nodes) is down, and what it does meanwhile. */
function linkDown(via: string, listening: boolean): string {
  return listening
    ? `this node's change notices cannot be sent (${via}): other nodes may serve what it changes from their caches until it can send again and tells them to drop them`
    : `change notices from the other nodes are not heard (${via}): this node keeps its caches at most ${DEAF_DROP_MS / 1000} s until the link is back`;
}
