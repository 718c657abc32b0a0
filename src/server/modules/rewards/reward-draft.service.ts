import { formatAmount, parseAmount } from "@shared/amounts";
import type { RewardDraft } from "@shared/schemas/rewards";
import type { AiEngine } from "../../ai/engine";
import { badRequest, forbidden } from "../../http-errors";
import type { HolderView } from "../indexer/indexer.service";

export const NOT_REWARD_CREATOR = "Only the token's creator can create its rewards";

const DAY_MS = 86_400_000;

interface Deps {
  ai: AiEngine;
  tokens: {
    getByMint(mint: string): Promise<{
      userId: string;
      name: string;
      symbol: string;
      description: string;
      /** Whole tokens, as launched. */
      totalSupply: string;
      decimals: number;
      status: string;
      createdAt: Date;
    }>;
  };
  indexer: {
    holders(mint: string, options: { limit: number }): Promise<HolderView[]>;
    drained(timeoutMs: number, mint?: string): Promise<void>;
  };
  /** Wallets that are not fans: the creator's own and the market's vault. */
  notFans(mint: string, creatorUserId: string): Promise<Set<string>>;
  now: () => number;
}

/** Create with AI: the token's profile and its fans' figures go to the AI engine, which
 * drafts reward ideas the creator edits before saving. */
export class RewardDraftService {
  constructor(private readonly deps: Deps) {}

  async draft(
    userId: string,
    request: { tokenMint: string; prompt?: string },
  ): Promise<{ drafts: RewardDraft[]; engine: string }> {
    const token = await this.deps.tokens.getByMint(request.tokenMint);
    if (token.userId !== userId) throw forbidden(NOT_REWARD_CREATOR);
    if (token.status !== "active")
      throw badRequest("This token is not live yet", undefined, "TOKEN_NOT_LIVE");
    const now = this.deps.now();
    // Like the token page: the transfers this process has seen are counted before drafting.
    await this.deps.indexer.drained(2_000, request.tokenMint);
    const [holders, excluded] = await Promise.all([
      this.deps.indexer.holders(request.tokenMint, { limit: 1000 }),
      this.deps.notFans(request.tokenMint, userId),
    ]);
    const fans = holders.filter((h) => !excluded.has(h.owner));
    const whole = (units: bigint | undefined) => formatAmount(units ?? 0n, token.decimals);
    // Largest first: the top quartile's edge is the fan a quarter of the way down.
    const quartile = fans[Math.max(0, Math.ceil(fans.length / 4) - 1)]?.balance;
    const median = fans[Math.floor((fans.length - 1) / 2)]?.balance;
    const longest = fans.reduce(
      (max, h) => (h.firstHeldAt ? Math.max(max, now - h.firstHeldAt.getTime()) : max),
      0,
    );
    const drafted = await this.deps.ai.draftRewards({
      token: {
        name: token.name,
        symbol: token.symbol,
        description: token.description,
        ageDays: Math.max(0, Math.floor((now - token.createdAt.getTime()) / DAY_MS)),
        supply: token.totalSupply,
      },
      fans: {
        count: fans.length,
        topQuartileBalance: whole(quartile),
        medianBalance: whole(median),
        longestHeldDays: Math.floor(longest / DAY_MS),
      },
      prompt: request.prompt || undefined,
    });
    // A model may ask for more than there is: such an idea could never be saved (the form
    // refuses an amount past the supply), so it is not offered.
    // (The same rule as saving one: base units against the supply's.)
    const supply = BigInt(token.totalSupply) * 10n ** BigInt(token.decimals);
    const reachable = ({ unlockCondition: { type, value } }: RewardDraft) => {
      if (type === "engagement") return true;
      const units = parseAmount(value, token.decimals);
      return units !== null && units <= supply;
    };
    return { ...drafted, drafts: drafted.drafts.filter(reachable) };
  }
}
