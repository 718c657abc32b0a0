import { errorText } from "../../lib/safe-error";
import type { RewardEligibility } from "./reward-eligibility";
import type { RewardMinter } from "./reward-minter";
import type { RewardRow, RewardsRepo } from "./rewards.repo";

// The automatic minter (docs/rewards.md): a background job started and stopped with the app.
// It wakes when the indexer writes a token's holders (balances changed) and on a periodic
// sweep (time alone makes holding_duration holders eligible), and mints every active reward's
// NFT to each wallet newly eligible, in waves (RewardMinter.mintWave). Resumable by design:
// what it has done is the reward_mints rows, so after a restart it simply looks again; rows
// left pending by a crash are settled by the minter's reconcile first.

/** The sweep over every active reward when nothing woke the job sooner. */
const SWEEP_MS = 60_000;

interface Deps {
  repo: RewardsRepo;
  eligibility: RewardEligibility;
  minter: RewardMinter;
  /** The token's symbol and creator wallet (auto NFTs never go to the creator or the vault). */
  tokenOf: (mint: string) => Promise<{ symbol: string; creatorWallet: string } | null>;
  warn: (message: string) => void;
}

export class RewardAutoMinter {
  private running = false;
  private stopped = true;
  private timer: NodeJS.Timeout | null = null;
  /** Token mints to look at next; "*" = every active reward. */
  private dirty = new Set<string>();
  private loop: Promise<void> = Promise.resolve();
  private lastError: string | null = null;

  constructor(private deps: Deps) {}

  /** Reconciles what a crash left pending (settlePending), then sweeps every active reward. */
  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    this.loop = this.deps.minter
      .settlePending()
      .catch((err) => this.deps.warn(`reward reconcile failed: ${errorText(err)}`))
      .then(() => this.wake(["*"]));
    this.timer = setInterval(() => this.wake(["*"]), SWEEP_MS);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.loop;
  }

  /** Started and not stopped: this node leads (docs/decisions/013). */
  get isRunning(): boolean {
    return !this.stopped;
  }

  /** The indexer wrote these mints' holders. */
  noteHoldersChanged(mints: Iterable<string>): void {
    this.wake(mints);
  }

  /** Resolves once nothing is left to look at (tests and the benchmark wait on it). */
  async idle(): Promise<void> {
    while (this.running) await this.loop;
  }

  health() {
    return { ok: this.lastError === null, detail: this.lastError ?? undefined };
  }

  private wake(mints: Iterable<string>): void {
    if (this.stopped) return;
    for (const m of mints) this.dirty.add(m);
    if (this.running) return;
    this.running = true;
    this.loop = this.drain().finally(() => {
      this.running = false;
    });
  }

  private async drain(): Promise<void> {
    while (this.dirty.size && !this.stopped) {
      const mints = new Set(this.dirty);
      this.dirty.clear();
      try {
        // What the ledger left unanswered (a claim's or a wave's) is settled on each sweep.
        if (mints.has("*")) await this.deps.minter.settlePending();
        const active = await this.deps.repo.autoMintRewards();
        for (const reward of active) {
          if (this.stopped) return;
          if (mints.has("*") || mints.has(reward.tokenMint)) await this.sweep(reward);
        }
        this.lastError = null;
      } catch (err) {
        this.lastError = `automatic reward minting failed, retrying at the next sweep: ${errorText(err)}`;
        this.deps.warn(this.lastError);
      }
    }
  }

  /** One reward: every eligible wallet without an NFT of it, up to the supply left. */
  private async sweep(reward: RewardRow): Promise<void> {
    const token = await this.deps.tokenOf(reward.tokenMint);
    if (!token) return;
    const [eligible, served, vault, groups] = await Promise.all([
      this.deps.eligibility.eligibleOwners(reward),
      this.deps.repo.servedOwners(reward.id),
      this.deps.repo.marketVault(reward.tokenMint),
      this.deps.minter.groups([reward.collectionMint]),
    ]);
    const group = groups.get(reward.collectionMint);
    if (!group) return;
    const excluded = new Set([token.creatorWallet, vault]);
    const left = Math.max(0, reward.totalSupply - Math.max(group.size, served.size));
    const targets = eligible
      .filter((owner) => !served.has(owner) && !excluded.has(owner))
      .slice(0, left)
      .map((owner) => ({ owner, userId: null, source: "auto" as const }));
    if (targets.length) await this.deps.minter.mintWave(reward, token.symbol, targets, () => this.stopped);
  }
}
