import { randomUUID } from "node:crypto";
import { getAddressDecoder } from "@solana/kit";
import { isUniqueViolation } from "../../db/errors";
import { generateSigner } from "../../ledger/keys";
import { type Ledger, LedgerError } from "../../ledger/ledger";
import {
  buildCollectionTransaction,
  buildMemberTransaction,
  groupMemberOf,
  memberSpace,
  type NftMetadata,
  SIZE_EXCEEDS_MAX_SIZE,
  tokenGroupOf,
} from "../../ledger/reward-transactions";
import { LAMPORTS_PER_SIGNATURE, TOKEN_2022_ATA_SIZE } from "../../ledger/token-2022";
import type { RewardKeys } from "./reward-keys";
import type { RewardSponsor } from "./reward-sponsor";
import { metadataUri } from "./rewards.presenter";
import type { RewardMintRow, RewardRow, RewardsRepo } from "./rewards.repo";

// Every chain write of the rewards engine. Like launches and trades, a transaction is signed
// and recorded (bytes, signature, last valid block height) BEFORE it is sent; whatever a crash
// interrupts is finished at start (`reconcile`): confirmed if it landed, resent while its
// blockhash is valid, else marked failed (a failed NFT row frees the wallet for a new try).
// One live NFT row per (reward, wallet) is a unique index: no retry or race mints two.

const decodeAddress = (bytes: Uint8Array) => getAddressDecoder().decode(bytes);

export type SendOutcome =
  | { state: "confirmed" }
  | { state: "failed"; reason: string; soldOut: boolean }
  | { state: "unknown" };

interface Deps {
  repo: RewardsRepo;
  ledger: Ledger;
  keys: RewardKeys;
  sponsor: RewardSponsor;
  publicUrl: string;
  now: () => number;
  warn: (message: string) => void;
  /** NFTs sent per step of a wave: built and signed together, recorded in one insert
   * (REWARD_WAVE_CHUNK). */
  waveChunk: number;
}

export interface MintTarget {
  owner: string;
  userId: string | null;
  source: "claim" | "auto";
}

export class RewardMinter {
  /** NFT rows a wave of this process is sending now, to the end of their chunk: a claim for
   * one of them waits for it rather than racing it to the ledger. */
  private inFlight = new Map<string, Promise<void>>();

  constructor(private deps: Deps) {}

  private metadata(reward: Pick<RewardRow, "id" | "title">, symbol: string): NftMetadata {
    return { name: reward.title, symbol, uri: metadataUri(reward.id, this.deps.publicUrl) };
  }

  /** The collection's transaction for a new reward (the caller records it with the row). */
  async prepareCollection(
    reward: Pick<RewardRow, "id" | "title" | "totalSupply">,
    symbol: string,
    authority: ReturnType<RewardKeys["signerFor"]>,
  ) {
    const { ledger, sponsor } = this.deps;
    const collection = generateSigner();
    const metadata = this.metadata(reward, symbol);
    await sponsor.ensureFunds();
    const blockhash = await ledger.getLatestBlockhash();
    const built = await buildCollectionTransaction({
      payer: sponsor.signer,
      authority,
      collection,
      metadata,
      maxSize: reward.totalSupply,
      blockhash,
    });
    return {
      collectionMint: collection.address,
      ...built,
      lastValidBlockHeight: blockhash.lastValidBlockHeight,
    };
  }

  /** Sends (or finds) a recorded collection; the reward turns active or failed. */
  async settleCollection(reward: RewardRow): Promise<RewardRow> {
    if (reward.status !== "pending") return reward;
    const outcome = await this.send(reward.signature, reward.signedTransaction, reward.lastValidBlockHeight);
    if (outcome.state === "confirmed")
      return (
        (await this.deps.repo.updateReward(reward.id, { status: "active", signedTransaction: null })) ??
        reward
      );
    if (outcome.state === "failed")
      return (
        (await this.deps.repo.updateReward(reward.id, {
          status: "failed",
          failureReason: outcome.reason,
          signedTransaction: null,
        })) ?? reward
      );
    return reward;
  }

  /** Members and capacity of collections, read from the chain (TokenGroup size / maxSize). */
  async groups(collections: string[]): Promise<Map<string, { size: number; maxSize: number }>> {
    const out = new Map<string, { size: number; maxSize: number }>();
    if (!collections.length) return out;
    const accounts = await this.deps.ledger.getMultipleAccounts(collections);
    collections.forEach((c, i) => {
      const data = accounts[i]?.data;
      const group = data ? tokenGroupOf(data) : null;
      if (group) out.set(c, { size: Number(group.size), maxSize: Number(group.maxSize) });
    });
    return out;
  }

  /** What each NFT costs the sponsor: its mint's rent, the owner's token account, 3 signatures. */
  private async costPerNft(reward: RewardRow, symbol: string): Promise<bigint> {
    const { ledger } = this.deps;
    return (
      (await ledger.minimumBalanceForRentExemption(
        memberSpace(this.metadata(reward, symbol), reward.soulbound),
      )) +
      // The owner's token account; a soulbound NFT's carries NonTransferableAccount (4 bytes more).
      (await ledger.minimumBalanceForRentExemption(TOKEN_2022_ATA_SIZE + (reward.soulbound ? 4 : 0))) +
      3n * LAMPORTS_PER_SIGNATURE
    );
  }

  /** Signs NFTs for `targets` (rows not yet written). */
  private async build(reward: RewardRow, symbol: string, targets: MintTarget[]): Promise<RewardMintRow[]> {
    const { ledger, keys, sponsor } = this.deps;
    const authority = keys.signerFor(reward);
    const blockhash = await ledger.getLatestBlockhash();
    const metadata = this.metadata(reward, symbol);
    return Promise.all(
      targets.map(async (t): Promise<RewardMintRow> => {
        const member = generateSigner();
        const built = await buildMemberTransaction({
          payer: sponsor.signer,
          authority,
          collection: reward.collectionMint,
          member,
          owner: t.owner,
          metadata,
          soulbound: reward.soulbound,
          blockhash,
        });
        return {
          id: randomUUID(),
          rewardId: reward.id,
          owner: t.owner,
          userId: t.userId,
          nftMint: member.address,
          source: t.source,
          status: "pending",
          memberNumber: null,
          signature: built.signature,
          signedTransaction: built.wire,
          lastValidBlockHeight: blockhash.lastValidBlockHeight,
          failureReason: null,
          createdAt: new Date(this.deps.now()),
          confirmedAt: null,
        };
      }),
    );
  }

  /** Records signed NFTs, one row each, before anything is sent. Rows whose wallet already has
   * a live one are left out; returns the rows recorded. */
  private async insert(rows: RewardMintRow[]): Promise<RewardMintRow[]> {
    try {
      await this.deps.repo.insertMints(rows);
      return rows;
    } catch (err) {
      if (!isUniqueViolation(err)) throw err;
    }
    // A claim raced the wave for some wallet: record one by one, leaving out the taken ones.
    const recorded: RewardMintRow[] = [];
    for (const row of rows) {
      try {
        await this.deps.repo.insertMint(row);
        recorded.push(row);
      } catch (err) {
        if (!isUniqueViolation(err)) throw err;
      }
    }
    return recorded;
  }

  /** Runs `work` with `rows` marked as being sent by this process: a claim or a sweep that
   * meets one of them waits for it instead of racing it to the ledger. */
  private async tracked<T>(rows: RewardMintRow[], work: () => Promise<T>): Promise<T> {
    let finished = () => {};
    const done = new Promise<void>((resolve) => (finished = resolve));
    for (const row of rows) this.inFlight.set(row.id, done);
    try {
      return await work();
    } finally {
      for (const row of rows) if (this.inFlight.get(row.id) === done) this.inFlight.delete(row.id);
      finished();
    }
  }

  /** One NFT to one wallet (a claim): records, sends, confirms. Answers the wallet's existing
   * NFT when it has one (a retry). */
  async mintOne(reward: RewardRow, symbol: string, target: MintTarget): Promise<RewardMintRow> {
    const existing = await this.deps.repo.liveMint(reward.id, target.owner);
    if (existing) return this.settleMint(existing);
    await this.deps.sponsor.ensureFunds(await this.costPerNft(reward, symbol));
    const rows = await this.build(reward, symbol, [target]);
    const settled = await this.tracked(rows, async () => {
      const [recorded] = await this.insert(rows);
      return recorded ? this.settleNow(recorded) : null;
    });
    if (settled) return settled;
    // Another claim or a wave recorded this wallet's NFT meanwhile: answer that one.
    const live = await this.deps.repo.liveMint(reward.id, target.owner);
    if (!live) throw new Error("no NFT row for this wallet");
    return this.settleMint(live);
  }

  /** A wave of automatic NFTs, pipelined: each chunk is signed together, recorded in one
   * insert, executed back to back and confirmed in one update. Stops at the collection's
   * capacity (the chain's refusal says so too) or, between chunks, when `stopping` says so
   * (the app is closing; the next sweep goes on) or the reward was paused. Returns how many
   * were minted. */
  async mintWave(
    reward: RewardRow,
    symbol: string,
    targets: MintTarget[],
    stopping: () => boolean = () => false,
  ): Promise<number> {
    let minted = 0;
    const perNft = await this.costPerNft(reward, symbol);
    const size = this.deps.waveChunk;
    for (let i = 0; i < targets.length && !stopping(); i += size) {
      // Paused since the wave began (on any node): nothing further is minted. One read per
      // chunk; the chunk under way when the pause lands is already signed and recorded.
      if (!(await this.deps.repo.isSwitchedOn(reward.id))) break;
      const chunk = targets.slice(i, i + size);
      await this.deps.sponsor.ensureFunds(perNft * BigInt(chunk.length));
      const rows = await this.build(reward, symbol, chunk);
      const { confirmed, soldOut } = await this.tracked(rows, async () =>
        this.sendRows(await this.insert(rows)),
      );
      minted += confirmed;
      if (soldOut) break;
    }
    return minted;
  }

  private async sendRows(rows: RewardMintRow[]): Promise<{ confirmed: number; soldOut: boolean }> {
    const { ledger, repo } = this.deps;
    const done: RewardMintRow[] = [];
    const durables: Array<Promise<void>> = [];
    let soldOut = false;
    for (const row of rows) {
      if (soldOut) {
        await repo.updateMint(row.id, failedMint("The reward is sold out"));
        continue;
      }
      try {
        if (ledger.sendTransactionStaged) {
          const staged = await ledger.sendTransactionStaged(row.signedTransaction ?? new Uint8Array());
          durables.push(staged.durable);
        } else await ledger.sendTransaction(row.signedTransaction ?? new Uint8Array());
        done.push(row);
      } catch (err) {
        const outcome = await this.afterSendError(row.signature, err);
        if (outcome.state === "confirmed") done.push(row);
        else if (outcome.state === "failed") {
          soldOut ||= outcome.soldOut;
          await repo.updateMint(row.id, failedMint(outcome.reason));
        }
        // Unknown (the ledger is unreachable): left pending for reconcile.
      }
    }
    await Promise.all(durables);
    await repo.confirmMints(await this.memberNumbers(done), new Date(this.deps.now()));
    return { confirmed: done.length, soldOut };
  }

  private async memberNumbers(rows: RewardMintRow[]) {
    const accounts = rows.length
      ? await this.deps.ledger.getMultipleAccounts(rows.map((r) => r.nftMint))
      : [];
    return rows.map((r, i) => {
      const data = accounts[i]?.data;
      const member = data ? groupMemberOf(data, decodeAddress) : null;
      return { id: r.id, memberNumber: member ? Number(member.memberNumber) : null };
    });
  }

  /** Sends (or finds) a recorded NFT and writes its outcome; when this process is sending it
   * already, waits for that and reads the outcome. */
  async settleMint(row: RewardMintRow): Promise<RewardMintRow> {
    if (row.status !== "pending") return row;
    const sending = this.inFlight.get(row.id);
    if (sending) {
      await sending;
      return (await this.deps.repo.mintById(row.id)) ?? row;
    }
    return this.tracked([row], () => this.settleNow(row));
  }

  private async settleNow(row: RewardMintRow): Promise<RewardMintRow> {
    const outcome = await this.send(row.signature, row.signedTransaction, row.lastValidBlockHeight);
    if (outcome.state === "confirmed") {
      const [numbered] = await this.memberNumbers([row]);
      const at = new Date(this.deps.now());
      await this.deps.repo.confirmMints([{ id: row.id, memberNumber: numbered?.memberNumber ?? null }], at);
      return { ...row, status: "confirmed", memberNumber: numbered?.memberNumber ?? null, confirmedAt: at };
    }
    if (outcome.state === "failed") {
      const failed = failedMint(outcome.soldOut ? "The reward is sold out" : outcome.reason);
      await this.deps.repo.updateMint(row.id, failed);
      return { ...row, ...failed };
    }
    return row;
  }

  /** Settles what is pending and not being sent by this process: collections and NFTs whose
   * answer the ledger did not give (run at start and by each sweep). */
  async settlePending(): Promise<void> {
    for (const reward of await this.deps.repo.pendingRewards())
      await this.settleCollection(reward).catch(() => reward);
    for (const row of await this.deps.repo.pendingMints())
      if (!this.inFlight.has(row.id)) await this.settleMint(row).catch(() => row);
  }

  private async send(
    signature: string | null,
    wire: Uint8Array | null,
    lastValidBlockHeight: bigint | null,
  ): Promise<SendOutcome> {
    const { ledger } = this.deps;
    const [status] = await ledger.getSignatureStatuses([signature ?? ""]);
    if (status?.state === "confirmed") return { state: "confirmed" };
    if (status?.state === "failed")
      return failure(status.error ?? "The transaction failed", String(status.error ?? ""));
    if (!wire) return { state: "failed", reason: "Nothing was recorded to send", soldOut: false };
    const height = await ledger.getBlockHeight();
    if (lastValidBlockHeight !== null && height > lastValidBlockHeight)
      return { state: "failed", reason: "The transaction expired before it was confirmed", soldOut: false };
    try {
      await ledger.sendTransaction(wire);
      return { state: "confirmed" };
    } catch (err) {
      return this.afterSendError(signature, err);
    }
  }

  private async afterSendError(signature: string | null, err: unknown): Promise<SendOutcome> {
    if (err instanceof LedgerError && err.code === "already_processed") {
      const [again] = await this.deps.ledger.getSignatureStatuses([signature ?? ""]);
      return again?.state === "confirmed" ? { state: "confirmed" } : { state: "unknown" };
    }
    // The sponsor pays, not the fan: its running dry must not read as "your wallet".
    if (err instanceof LedgerError && err.code === "insufficient_funds")
      return {
        state: "failed",
        reason: "The platform's rewards sponsor is out of SOL: try again later",
        soldOut: false,
      };
    if (err instanceof LedgerError && err.code !== "unavailable" && err.code !== "rate_limited")
      return failure(err.message, JSON.stringify(err.rpcError ?? null));
    return { state: "unknown" };
  }
}

function failure(reason: string, detail: string): SendOutcome {
  const soldOut = detail.includes(String(SIZE_EXCEEDS_MAX_SIZE)) || detail.includes("cb0a6959");
  return { state: "failed", reason: soldOut ? "The reward is sold out" : reason, soldOut };
}

const failedMint = (reason: string) => ({
  status: "failed" as const,
  failureReason: reason,
  signedTransaction: null,
});
