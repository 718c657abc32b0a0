import { randomUUID } from "node:crypto";
import { parseAmount } from "@shared/amounts";
import type {
  ClaimResult,
  CollectedNft,
  CreateRewardSchema,
  Reward,
  RewardStanding,
  RewardStats,
} from "@shared/schemas/rewards";
import { shortAddress } from "@shared/short-address";
import { getAddressDecoder } from "@solana/kit";
import type { z } from "zod";
import { isUniqueViolation } from "../../db/errors";
import { badRequest, conflict, forbidden, HttpError, notFound } from "../../http-errors";
import type { Ledger } from "../../ledger/ledger";
import { groupMemberOf } from "../../ledger/reward-transactions";
import type { AccountsRepo } from "../accounts/accounts.repo";
import type { IndexerService } from "../indexer/indexer.service";
import { supplyOf } from "../market/market.presenter";
import type { TokenRow } from "../tokens/tokens.repo";
import type { TokensService } from "../tokens/tokens.service";
import type { Custody } from "../wallets/custody";
import type { WalletsService } from "../wallets/wallets.service";
import { DAY_MS } from "./reward-conditions";
import type { RewardEligibility } from "./reward-eligibility";
import { decodeDataImage, isAcceptedImage, rewardImageSvg } from "./reward-image";
import { newRewardAuthority, type RewardKeys } from "./reward-keys";
import type { RewardMinter } from "./reward-minter";
import { imageOf, metadataJson, presentReward, type TokenFacts } from "./rewards.presenter";
import type { RewardRow, RewardsRepo } from "./rewards.repo";

// The NFT rewards API (docs/rewards.md, docs/api.md): creators define rewards for their token,
// fans see where they stand and claim, everyone reads the overview. Chain writes go through
// RewardMinter; eligibility through RewardEligibility (the indexer's tables).

type CreateInput = z.output<typeof CreateRewardSchema>;

/** "Engagement Boost" compares activity over this window. */
const BOOST_WINDOW_DAYS = 30;
/** Below this many holders on either side the comparison says nothing (null). */
const BOOST_MIN_HOLDERS = 2;
const TOP_COLLECTORS = 10;
const decodeAddress = (bytes: Uint8Array) => getAddressDecoder().decode(bytes);

interface Deps {
  repo: RewardsRepo;
  tokens: TokensService;
  accountsRepo: AccountsRepo;
  wallets: WalletsService;
  ledger: Ledger;
  custody: Custody;
  keys: RewardKeys;
  minter: RewardMinter;
  eligibility: RewardEligibility;
  /** Standing is read from the indexer: a fan's own transfer just made must be in it. */
  indexer: Pick<IndexerService, "drained">;
  publicUrl: string;
  now: () => number;
  /** Told when a reward goes live or changes (the automatic minter looks at its token). */
  onChange?: (tokenMint: string) => void;
  /** Lamports the owner's holdings of these tokens are worth at their curves' prices; null
   * when none of them has a market (Top Collectors' value). */
  holdingsValue?: (owner: string, tokenMints: string[]) => Promise<bigint | null>;
}

const factsOf = (token: TokenRow): TokenFacts => ({
  symbol: token.symbol,
  name: token.name,
  decimals: token.decimals,
});

export class RewardsService {
  constructor(private deps: Deps) {}

  private async token(mint: string): Promise<TokenRow> {
    return this.deps.tokens.getByMint(mint);
  }

  private async rewardRow(id: string): Promise<RewardRow> {
    const row = /^[0-9a-f-]{36}$/i.test(id) ? await this.deps.repo.reward(id) : null;
    if (!row || row.status === "failed") throw notFound("Reward not found");
    return row;
  }

  async create(userId: string, input: CreateInput): Promise<Reward> {
    const token = await this.token(input.tokenMint);
    if (token.userId !== userId) throw forbidden("Only the token's creator can create its rewards");
    if (token.status !== "active")
      throw badRequest("This token is not live yet", undefined, "TOKEN_NOT_LIVE");
    if (input.imageUrl && !isAcceptedImage(input.imageUrl))
      throw badRequest("Use an https image link or upload a PNG, JPEG, GIF or WebP image", {
        imageUrl: "Not an accepted image",
      });
    const { type } = input.unlockCondition;
    const amount =
      type === "engagement"
        ? BigInt(Number(input.unlockCondition.value))
        : parseAmount(input.unlockCondition.value, token.decimals);
    if (amount === null)
      throw badRequest(`${token.symbol} has ${token.decimals} decimals: use at most that many`, {
        "unlockCondition.value": "Too many decimals",
      });
    if (type !== "engagement" && amount > supplyOf(token))
      throw badRequest(`More than the supply of ${token.symbol}`, {
        "unlockCondition.value": "More than the token's supply",
      });
    const key = input.idempotencyKey || null;
    const earlier = key ? await this.deps.repo.rewardByKey(userId, key) : null;
    if (earlier) return this.answerCreated(earlier, token, userId);
    const id = randomUUID();
    const authority = newRewardAuthority(this.deps.custody, id, userId);
    const base = {
      id,
      tokenMint: token.mintAddress,
      creatorUserId: userId,
      title: input.title,
      description: input.description,
      rarity: input.rarity,
      imageUrl: input.imageUrl ?? "",
      totalSupply: input.totalSupply,
      soulbound: input.soulbound,
      unlockType: type,
      unlockAmount: amount,
      unlockDays: type === "holding_duration" ? (input.unlockCondition.days ?? null) : null,
      isActive: input.isActive,
      autoMint: input.autoMint,
      authority: authority.address,
      authorityEncryptedSeed: authority.sealed.encryptedSeed,
      authorityWrappedKey: authority.sealed.wrappedKey,
      authorityKeyId: authority.sealed.keyId,
      authorityKeyVersion: authority.sealed.keyVersion,
    };
    const signer = this.deps.keys.signerFor(base);
    const built = await this.deps.minter.prepareCollection(base, token.symbol, signer);
    // Recorded before it is sent: a crash from here on is finished by reconcile at start.
    let recorded: RewardRow;
    try {
      recorded = await this.deps.repo.insertReward({
        ...base,
        idempotencyKey: key,
        collectionMint: built.collectionMint,
        status: "pending",
        signature: built.signature,
        signedTransaction: built.wire,
        lastValidBlockHeight: built.lastValidBlockHeight,
        createdAt: new Date(this.deps.now()),
      });
    } catch (err) {
      // The same key raced in from another request: answer that one.
      const raced = key && isUniqueViolation(err) ? await this.deps.repo.rewardByKey(userId, key) : null;
      if (!raced) throw err;
      return this.answerCreated(raced, token, userId);
    }
    return this.answerCreated(recorded, token, userId);
  }

  /** Sends (or finds) a recorded reward's collection and answers the reward. */
  private async answerCreated(recorded: RewardRow, token: TokenRow, userId: string): Promise<Reward> {
    const settled = await this.deps.minter.settleCollection(recorded);
    if (settled.status === "failed")
      throw badRequest(
        settled.failureReason ?? "The reward's collection could not be created",
        undefined,
        "TRANSACTION_REJECTED",
      );
    if (settled.status === "active" && settled.isActive) this.deps.onChange?.(settled.tokenMint);
    return this.present([settled], token, userId).then((r) => r[0] as Reward);
  }

  async setActive(userId: string, id: string, isActive: boolean): Promise<Reward> {
    const row = await this.rewardRow(id);
    if (row.creatorUserId !== userId) throw forbidden("Only the token's creator can change its rewards");
    const updated = (await this.deps.repo.updateReward(id, { isActive })) ?? row;
    if (isActive) this.deps.onChange?.(updated.tokenMint);
    return this.present([updated], await this.token(row.tokenMint), userId).then((r) => r[0] as Reward);
  }

  async get(id: string, userId: string | null): Promise<Reward> {
    const row = await this.rewardRow(id);
    return this.present([row], await this.token(row.tokenMint), userId).then((r) => r[0] as Reward);
  }

  /** Active rewards (of one token, or all), with the signed-in fan's standing on each. */
  async active(tokenMint: string | undefined, userId: string | null): Promise<Reward[]> {
    const rows = (await this.deps.repo.rewardsOf(tokenMint)).filter((r) => r.isActive);
    return this.presentAll(rows, userId);
  }

  /** The rewards the user created, switched off ones too (where the creator switches them). */
  async mine(userId: string): Promise<Reward[]> {
    return this.presentAll(await this.deps.repo.rewardsByCreator(userId), userId);
  }

  /** Rewards of any tokens, newest first. */
  private async presentAll(rows: RewardRow[], userId: string | null): Promise<Reward[]> {
    const out: Reward[] = [];
    const byMint = new Map<string, RewardRow[]>();
    for (const r of rows) byMint.set(r.tokenMint, [...(byMint.get(r.tokenMint) ?? []), r]);
    for (const [mint, list] of byMint) {
      const token = await this.deps.tokens.getByMint(mint).catch(() => null);
      if (token) out.push(...(await this.present(list, token, userId)));
    }
    return out.sort((a, b) => b.createdAt.localeCompare(a.createdAt));
  }

  private async present(rows: RewardRow[], token: TokenRow, userId: string | null): Promise<Reward[]> {
    const groups = await this.deps.minter.groups(
      rows.filter((r) => r.status === "active").map((r) => r.collectionMint),
    );
    const owners = userId ? (await this.deps.accountsRepo.walletsOf(userId)).map((w) => w.publicKey) : [];
    const facts = factsOf(token);
    return Promise.all(
      rows.map(async (row) => {
        const standing = owners.length ? await this.standingOf(row, owners, token) : null;
        return presentReward(row, facts, groups.get(row.collectionMint)?.size ?? 0, standing);
      }),
    );
  }

  /** The best standing among the user's wallets (the one holding the NFT, else the closest). */
  private async standingOf(row: RewardRow, owners: string[], token: TokenRow): Promise<RewardStanding> {
    await this.deps.indexer.drained(2_000, row.tokenMint);
    const claimed = await this.deps.repo.liveMintsOfOwners(owners);
    const mine = claimed.find((m) => m.rewardId === row.id && m.status === "confirmed");
    if (mine) return { eligible: true, claimedMint: mine.nftMint, missing: null, progress: 100 };
    let best: RewardStanding | null = null;
    for (const owner of owners) {
      const s = await this.deps.eligibility.standing(row, owner, factsOf(token));
      if (!best || s.progress > best.progress || (s.eligible && !best.eligible))
        best = { ...s, claimedMint: null };
      if (s.eligible) break;
    }
    return best ?? { eligible: false, claimedMint: null, missing: null, progress: 0 };
  }

  /** POST /api/nft-rewards/:id/claim: the NFT to the user's wallet (a retry answers the same). */
  async claim(userId: string, id: string, wallet: string | undefined): Promise<ClaimResult> {
    const row = await this.rewardRow(id);
    const wallets = (await this.deps.accountsRepo.walletsOf(userId)).map((w) => w.publicKey);
    const owner = wallet
      ? (await this.deps.wallets.ownWallet(userId, wallet, "claim rewards")).publicKey
      : wallets[0];
    if (!owner) throw badRequest("Create or link a wallet first, then claim", undefined, "BAD_REQUEST");
    const token = await this.token(row.tokenMint);
    // Rewards go to fans: the automatic minter skips the creator, and so do claims.
    if (row.creatorUserId === userId || owner === token.creatorWallet)
      throw forbidden(
        "Rewards go to your fans: a creator cannot claim their own token's rewards",
        "NOT_ELIGIBLE",
      );
    // The user's NFTs of this reward, in any of their wallets: one per person, so a balance
    // moved to another of one's own wallets earns nothing more.
    const live = await this.deps.repo.liveMintsOfReward(row.id, [...new Set([owner, ...wallets])]);
    const existing = live.find((m) => m.owner === owner);
    if (!existing) {
      const [held] = live;
      if (held)
        throw conflict(
          `You already have this reward, in your wallet ${shortAddress(held.owner)}: one per person`,
          undefined,
          "ALREADY_CLAIMED",
        );
      if (row.status !== "active")
        throw conflict("This reward is still being created", undefined, "IN_PROGRESS");
      if (!row.isActive)
        throw forbidden("This reward is paused: its creator has stopped its claims for now", "NOT_ELIGIBLE");
      await this.deps.indexer.drained(2_000, row.tokenMint);
      const standing = await this.deps.eligibility.standing(row, owner, factsOf(token));
      if (!standing.eligible)
        throw forbidden(
          `Not eligible yet: ${standing.missing ?? "the condition is not met"}`,
          "NOT_ELIGIBLE",
        );
      const group = (await this.deps.minter.groups([row.collectionMint])).get(row.collectionMint);
      if (group && group.size >= group.maxSize) throw soldOut();
    }
    const minted = await this.deps.minter.mintOne(row, token.symbol, { owner, userId, source: "claim" });
    if (minted.status === "failed") {
      if (minted.failureReason === "The reward is sold out") throw soldOut();
      throw badRequest(
        minted.failureReason ?? "The NFT could not be minted",
        undefined,
        "TRANSACTION_REJECTED",
      );
    }
    if (minted.status === "pending")
      throw new HttpError(
        503,
        "The ledger did not answer: try again to finish this claim",
        undefined,
        "LEDGER_UNAVAILABLE",
      );
    return { nftMint: minted.nftMint, signature: minted.signature ?? "" };
  }

  /** The user's reward NFTs, read from the chain (also ones received by transfer). */
  async collection(userId: string): Promise<CollectedNft[]> {
    const { ledger } = this.deps;
    const owners = (await this.deps.accountsRepo.walletsOf(userId)).map((w) => w.publicKey);
    const holdings = (await Promise.all(owners.map((o) => ledger.getTokenAccountsByOwner(o))))
      .flat()
      .filter((h) => h.amount === 1n && h.decimals === 0);
    if (!holdings.length) return [];
    const accounts = await ledger.getMultipleAccounts(holdings.map((h) => h.mint));
    const members = holdings.map((h, i) => {
      const data = accounts[i]?.data;
      return { holding: h, member: data ? groupMemberOf(data, decodeAddress) : null };
    });
    const rewards = await this.deps.repo.rewardsByCollections([
      ...new Set(members.flatMap((m) => (m.member ? [m.member.group] : []))),
    ]);
    const byCollection = new Map(rewards.map((r) => [r.collectionMint, r]));
    const out: CollectedNft[] = [];
    for (const { holding, member } of members) {
      const reward = member ? byCollection.get(member.group) : undefined;
      if (!member || !reward) continue;
      const token = await this.deps.tokens.getByMint(reward.tokenMint).catch(() => null);
      out.push({
        nftMint: holding.mint,
        rewardId: reward.id,
        title: reward.title,
        rarity: reward.rarity,
        imageUrl: imageOf(reward, ""),
        tokenSymbol: token?.symbol ?? "",
        collectionMint: member.group,
        number: Number(member.memberNumber),
        soulbound: member.soulbound,
        owner: holding.owner,
      });
    }
    return out;
  }

  async stats(tokenMint: string | undefined): Promise<RewardStats> {
    if (tokenMint) await this.token(tokenMint);
    const { repo } = this.deps;
    // NFTs Minted reads the chain's groups: a reward NFT the chain has but whose confirmation
    // is not yet written counts in the holders and collectors too, or the figures disagree.
    const executed = await this.executedUnconfirmed(tokenMint);
    const [rewards, counts, collectors, activity] = await Promise.all([
      repo.rewardsOf(tokenMint),
      repo.mintedCounts(tokenMint, executed),
      repo.topCollectors(tokenMint, TOP_COLLECTORS, executed),
      repo.activityByHolder(tokenMint, new Date(this.deps.now() - BOOST_WINDOW_DAYS * DAY_MS)),
    ]);
    const groups = await this.deps.minter.groups(
      rewards.filter((r) => r.status === "active").map((r) => r.collectionMint),
    );
    const mintedOnChain = [...groups.values()].reduce((n, g) => n + g.size, 0);
    const values = await Promise.all(
      collectors.map((c) => this.deps.holdingsValue?.(c.owner, c.tokenMints).catch(() => null) ?? null),
    );
    return {
      totalRewardsCreated: rewards.filter((r) => r.status === "active").length,
      totalNFTsMinted: Math.max(mintedOnChain, counts.minted),
      uniqueHolders: counts.holders,
      engagementBoost: engagementBoost(activity),
      engagementBoostBasis: `Average on-chain transactions and agent chats per holder over the last ${BOOST_WINDOW_DAYS} days: holders with a reward NFT compared with holders without one.`,
      topCollectors: collectors.map((c, i) => ({
        walletAddress: c.owner,
        username: c.username,
        nftCount: c.nftCount,
        // Reward NFTs have no market of their own: the value is the collector's stake in the
        // creators' tokens at their curves' prices, and none where no curve prices them.
        totalValue: values[i]?.toString() ?? null,
      })),
    };
  }

  /** Pending reward NFTs the chain has executed (one ledger read for all of them). */
  private async executedUnconfirmed(tokenMint: string | undefined): Promise<string[]> {
    const sent = await this.deps.repo.sentUnconfirmed(tokenMint);
    if (!sent.length) return [];
    const statuses = await this.deps.ledger.getSignatureStatuses(sent);
    return sent.filter((_, i) => statuses[i]?.state === "confirmed");
  }

  async metadata(id: string) {
    const row = await this.rewardRow(id);
    return metadataJson(row, factsOf(await this.token(row.tokenMint)), this.deps.publicUrl);
  }

  /** The uploaded image's bytes, or the generated SVG. */
  async image(id: string): Promise<{ type: string; body: string | Buffer }> {
    const row = await this.rewardRow(id);
    const uploaded = decodeDataImage(row.imageUrl);
    if (uploaded) return { type: uploaded.type, body: uploaded.bytes };
    const token = await this.token(row.tokenMint);
    return {
      type: "image/svg+xml; charset=utf-8",
      body: rewardImageSvg(row.title, row.rarity, token.symbol),
    };
  }
}

function soldOut() {
  return conflict("This reward is sold out: every NFT of its supply has been minted", undefined, "SOLD_OUT");
}

/** Percent more activity per holder among reward holders than among the others. */
export function engagementBoost(rows: Array<{ collector: boolean; activity: number }>): number | null {
  const collectors = rows.filter((r) => r.collector);
  const others = rows.filter((r) => !r.collector);
  if (collectors.length < BOOST_MIN_HOLDERS || others.length < BOOST_MIN_HOLDERS) return null;
  const mean = (list: typeof rows) => list.reduce((n, r) => n + r.activity, 0) / list.length;
  const base = mean(others);
  if (base === 0) return null;
  return Math.round((mean(collectors) / base - 1) * 100);
}
