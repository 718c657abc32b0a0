import { formatAmount, shareOfSupply } from "@shared/amounts";
import { holderFigures, nonHolders, shareBps } from "@shared/holders";
import { priceText, spotPriceNano } from "@shared/market/price";
import type { Analytics, TopMember } from "@shared/schemas/analytics";
import type { TrustReport } from "@shared/schemas/trust";
import { badRequest } from "../../http-errors";
import { BoundedCache } from "../../lib/bounded-cache";
import type { ExploreSort } from "../explore/explore.ranking";
import type { ExploreService } from "../explore/explore.service";
import type { IndexerService } from "../indexer/indexer.service";
import { tradePrice } from "../market/market-history.repo";
import { type MarketVersions, MintCache } from "../market/market-versions";
import type { TokenRow } from "../tokens/tokens.repo";
import type { TokensService } from "../tokens/tokens.service";
import type { AnalyticsRepo, Range, Windows } from "./analytics.repo";
import {
  DAY_MS,
  dayOf,
  engagementScore,
  engagementWhy,
  holderSeries,
  reputationScore,
  sinceLaunch,
  trendOf,
} from "./analytics.scores";

/** The trust engine's report (docs/trust.md); analytics shows its score and factors. */
export interface TrustSource {
  reportOf(mint: string): Promise<TrustReport>;
}

interface Deps {
  repo: AnalyticsRepo;
  tokens: Pick<TokensService, "getByMint">;
  indexer: Pick<IndexerService, "drained">;
  explore: Pick<ExploreService, "rankOf">;
  /** Moved by the indexer's holder writes, confirmed trades, market changes and posts. */
  versions: MarketVersions;
  trust?: TrustSource;
  /** Resolves once transfers confirmed so far are written (they are written behind). */
  transfersWritten?: () => Promise<void>;
  now?: () => number;
}

const SERIES_DAYS = 30;
const TOP_MEMBERS = 20;
/** Closed days' aggregates change only when the indexer backfills history: re-read this often. */
const HISTORY_TTL_MS = 10 * 60_000;
const CREATOR_TTL_MS = 60_000;
/** Figures not hooked to a change (agent chats, reward claims, the clock's windows) are at
 * most this old, on one node as on several; holders and the market move them at once on
 * every node (the change bus bumps `versions`). */
const FIGURES_TTL_MS = 30_000;
type CreatorHistory = Awaited<ReturnType<AnalyticsRepo["creatorHistory"]>>;

/** The aggregates of the window's closed days (before today, UTC), read once per mint and day:
 * a change re-reads today's rows only, not the 30 days of history. */
interface History {
  events: Array<{ day: string; gained: number; lost: number }>;
  /** The same for fans only: the creator's launch wallet left out too. */
  fanEvents: Array<{ day: string; gained: number; lost: number }>;
  market: Awaited<ReturnType<AnalyticsRepo["marketDays"]>>;
  /** Fans whose balance moved in the window's last 7 days, the 7 before, and all 30. */
  active7: Set<string>;
  activePrev7: Set<string>;
  active30: Set<string>;
}

const MOVES: Record<ExploreSort, string> = {
  new: "Newest launches first: the place moves down as newer tokens launch.",
  trending: "SOL traded on its market in the last 24 hours: more trading moves it up.",
  holders: "Wallets holding it: spreading the supply to more members moves it up.",
  marketCap:
    "Market price times supply: buying on its market moves it up; tokens without a market list last.",
  trust: "The trust score: every point the checklist gains moves it up.",
};

interface Days {
  /** Midnight UTC today; the window's first day; the first of its last 7 and of the 7 before. */
  today: Date;
  start: Date;
  since7: Date;
  since14: Date;
}

type Figures = Omit<Analytics, "view" | "trustFactors" | "explore" | "topMembers"> & {
  topMembers: TopMember[];
};

/** The analytics page's figures for one token: SQL aggregates over the mint's index ranges,
 * kept per mint until the indexer, the market or a post moves it (or FIGURES_TTL_MS passes).
 * The creator gets everything; anyone else the public part. */
export class AnalyticsService {
  private now: () => number;
  private figures: MintCache<Figures>;
  /** Computations under way by mint and version: concurrent misses share one. */
  private computing = new Map<string, Promise<Figures>>();
  private histories = new BoundedCache<string, Promise<History>>({ max: 1_000, ttlMs: HISTORY_TTL_MS });
  /** The creator's record across tokens, by creator and this mint's version: another of their
   * tokens' changes shows within CREATOR_TTL_MS. */
  private creators = new BoundedCache<string, Promise<CreatorHistory>>({ max: 5_000, ttlMs: CREATOR_TTL_MS });

  constructor(private deps: Deps) {
    this.now = deps.now ?? Date.now;
    this.figures = new MintCache(deps.versions, { max: 5_000, ttlMs: FIGURES_TTL_MS });
  }

  private figuresOf(token: TokenRow): Promise<Figures> {
    const mint = token.mintAddress;
    return this.figures.get(mint, "figures", () => {
      const key = `${mint}\n${this.deps.versions.of(mint)}`;
      let pending = this.computing.get(key);
      if (!pending) {
        pending = this.compute(token).finally(() => this.computing.delete(key));
        this.computing.set(key, pending);
      }
      return pending;
    });
  }

  private creatorHistory(token: TokenRow): Promise<CreatorHistory> {
    const key = `${token.userId}\n${token.mintAddress}\n${this.deps.versions.of(token.mintAddress)}`;
    let hit = this.creators.get(key);
    if (!hit) {
      hit = this.deps.repo.creatorHistory(token.userId);
      hit.catch(() => this.creators.delete(key));
      this.creators.set(key, hit);
    }
    return hit;
  }

  private history(
    mint: string,
    excluded: readonly string[],
    notFans: readonly string[],
    days: Days,
  ): Promise<History> {
    const key = `${mint}\n${dayOf(days.today.getTime())}\n${excluded.join(",")}\n${notFans.join(",")}`;
    let hit = this.histories.get(key);
    if (!hit) {
      const closed: Range = { from: days.start, to: days.today };
      const { repo } = this.deps;
      hit = Promise.all([
        repo.holderEvents(mint, closed, excluded),
        repo.holderEvents(mint, closed, notFans),
        repo.marketDays(mint, closed),
        repo.activeOwners(mint, closed, notFans, days.since7, days.since14),
      ]).then(([events, fanEvents, market, owners]) => ({
        events,
        fanEvents,
        market,
        active7: new Set(owners.filter((o) => o.recent).map((o) => o.owner)),
        activePrev7: new Set(owners.filter((o) => o.before).map((o) => o.owner)),
        active30: new Set(owners.map((o) => o.owner)),
      }));
      hit.catch(() => this.histories.delete(key));
      this.histories.set(key, hit);
    }
    return hit;
  }

  async view(mint: string, userId: string | null): Promise<Analytics> {
    const token = await this.deps.tokens.getByMint(mint);
    if (token.status !== "active")
      throw badRequest("This token is not live yet", undefined, "TOKEN_NOT_LIVE");
    // Read-your-writes: a transfer or trade just made is indexed, and a transfer's
    // confirmation written, before the figures are read.
    await Promise.all([this.deps.indexer.drained(2_000, mint), this.deps.transfersWritten?.()]);
    const [figures, trust] = await Promise.all([
      this.figuresOf(token),
      this.deps.trust ? this.deps.trust.reportOf(mint).catch(() => null) : Promise.resolve(null),
    ]);
    const creator = userId !== null && userId === token.userId;
    const { topMembers, ...shared } = figures;
    const snapshots = shared.cards.transparency.series;
    const weekAgo = dayOf(this.now() - 7 * DAY_MS);
    const previous = snapshots.filter((s) => s.day <= weekAgo).at(-1)?.score ?? null;
    return {
      ...shared,
      view: creator ? "creator" : "public",
      cards: {
        ...shared.cards,
        transparency: {
          score: trust?.score ?? null,
          band: trust?.band ?? null,
          trend: trendOf(trust?.score ?? null, previous),
          series: snapshots,
        },
      },
      trustFactors: trust?.factors ?? [],
      topMembers: creator ? topMembers : null,
      explore: creator
        ? (await this.deps.explore.rankOf(mint)).map((r) => ({ ...r, moves: MOVES[r.sort] }))
        : null,
    };
  }

  private async compute(token: TokenRow): Promise<Figures> {
    const { repo } = this.deps;
    const mint = token.mintAddress;
    const now = this.now();
    const today = new Date(Date.parse(`${dayOf(now)}T00:00:00Z`));
    const daysBack = (n: number) => new Date(today.getTime() - n * DAY_MS);
    // Windows are whole UTC days: "7 days" is today and the 6 days before it.
    const days: Days = {
      today,
      start: daysBack(SERIES_DAYS - 1),
      since7: daysBack(6),
      since14: daysBack(13),
    };
    const w: Windows = { since7: days.since7, since14: days.since14, since30: days.start };
    const sinceToday: Range = { from: today, to: null };
    const market = await repo.market(mint);
    // Holders and concentration as the token page and the trust score count them
    // (shared/holders.ts): the market's vault and burn addresses are not holders.
    const vault = market?.vault ?? null;
    const excluded = [...nonHolders(vault)];
    // Engagement is the fans': the creator's launch wallet (its launch, its creator buy, its
    // own transfers) counts no more than in the Reputation score (docs/analytics.md).
    const creator = token.creatorWallet;
    const notFans = [...excluded, creator];
    const balances = repo.ownerBalances(mint, 10, notFans);
    const counted = balances.then((read) => holderFigures(read, vault));
    const [
      figures,
      facts,
      past,
      todayEvents,
      todayFanEvents,
      todayOwners,
      members,
      chats,
      transfers,
      trades,
      fanTrades,
      claims,
      todayMarket,
    ] = await Promise.all([
      counted,
      counted.then((f) => repo.holderFacts(mint, days.start, excluded, f.supply)),
      this.history(mint, excluded, notFans, days),
      repo.holderEvents(mint, sinceToday, excluded),
      repo.holderEvents(mint, sinceToday, notFans),
      repo.activeOwners(mint, sinceToday, notFans, today, today),
      repo.topMembers(mint, TOP_MEMBERS, excluded),
      repo.agentChats(mint, w),
      repo.transfers(mint, w, creator),
      repo.trades(mint, w),
      repo.trades(mint, w, creator),
      repo.rewardsClaimed(mint, w),
      repo.marketDays(mint, sinceToday),
    ]);
    const creatorHolds = ((await balances).known.get(creator) ?? 0n) > 0n;
    const fansNow = Math.max(0, figures.holders - (creatorHolds ? 1 : 0));
    const [volume24h, trust, history] = await Promise.all([
      repo.volumeSince(mint, new Date(now - DAY_MS)),
      repo.trustSeries(mint, dayOf(days.start.getTime())),
      this.creatorHistory(token),
    ]);
    const events = [...past.events, ...todayEvents];
    const marketDays = [...past.market, ...todayMarket];
    const unionSize = (set: Set<string>) => set.size + todayOwners.filter((o) => !set.has(o.owner)).length;
    const active = {
      last7: unionSize(past.active7),
      prev7: past.activePrev7.size,
      last30: unionSize(past.active30),
    };

    const holders = holderSeries(now, SERIES_DAYS, figures.holders, events);
    const lastWeek = holders.series.slice(-7);
    const fans = holderSeries(now, SERIES_DAYS, fansNow, [...past.fanEvents, ...todayFanEvents]);
    const fansWeekAgo = fans.series.at(-8)?.holders ?? fans.atStart;
    const activity = (pick: "last7" | "last30" | "prev7") => ({
      activeHolders: active[pick],
      agentChats: chats[pick],
      transfers: transfers[pick],
      trades: fanTrades[pick],
      rewardsClaimed: claims[pick],
    });
    const actions = (a: ReturnType<typeof activity>) =>
      a.agentChats + a.transfers + a.trades + a.rewardsClaimed;
    const last7Days = activity("last7");
    const prev7Days = activity("prev7");
    const engagement = engagementScore(fansNow, last7Days.activeHolders, actions(last7Days));
    // A token younger than a week had no figure 7 days ago (not a score of 0 to climb from).
    const engagementBefore =
      token.createdAt.getTime() <= now - 7 * DAY_MS
        ? engagementScore(fansWeekAgo, prev7Days.activeHolders, actions(prev7Days))
        : null;

    const reputation = this.reputation(history, now);
    const decimals = token.decimals;

    const byDay = new Map(marketDays.map((d) => [d.day, d]));
    const marketSeries = holders.series.map(({ day }) => {
      const d = byDay.get(day);
      return {
        day,
        trades: d?.trades ?? 0,
        volumeLamports: d?.volume ?? "0",
        closeLamports: d
          ? priceText(
              tradePrice(
                {
                  virtualSolAfter: BigInt(d.virtualSolAfter),
                  virtualTokenAfter: BigInt(d.virtualTokenAfter),
                },
                decimals,
              ),
            )
          : null,
      };
    });
    const open = market && (market.status === "open" || market.status === "completed");
    const price = open ? priceText(spotPriceNano(market, decimals)) : null;

    return {
      mint,
      name: token.name,
      symbol: token.symbol,
      generatedAt: new Date(now).toISOString(),
      cards: {
        // The trust score itself is read per request (it has its own cache); the series here.
        transparency: { score: null, band: null, trend: trendOf(null, null), series: trust },
        engagement: {
          score: engagement,
          fans: fansNow,
          why: engagementWhy(fansNow, last7Days.activeHolders, actions(last7Days)),
          last7Days,
          last30Days: activity("last30"),
          trend: trendOf(engagement, engagementBefore),
        },
        reputation: {
          score: reputation.now,
          creatorAgeDays: reputation.ageDays,
          tokensLaunched: reputation.launched,
          tokensAlive: reputation.alive,
          holdersRetainedBps: reputation.retainedBps,
          trend: trendOf(reputation.now, reputation.before),
        },
      },
      overview: {
        holders: figures.holders,
        newHolders7d: lastWeek.reduce((n, d) => n + d.newHolders, 0),
        lostHolders7d: lastWeek.reduce((n, d) => n + d.lostHolders, 0),
        retention30dBps:
          holders.atStart > 0
            ? Math.min(10_000, Math.floor((facts.heldSince30 * 10_000) / holders.atStart))
            : null,
        volume24hLamports: volume24h.toString(),
        volume7dLamports: marketSeries
          .slice(-7)
          .reduce((n, d) => n + BigInt(d.volumeLamports), 0n)
          .toString(),
        trades7d: trades.last7,
        hasMarket: Boolean(open),
        priceLamports: price,
        top10ShareBps: shareBps(figures.top10, figures.supply),
      },
      series: {
        // The figures above read the whole window; the charts start at the launch.
        holders: sinceLaunch(holders.series, token.createdAt.getTime()),
        market: sinceLaunch(marketSeries, token.createdAt.getTime()),
        distribution: [
          { label: "Under 0.01%", holders: facts.under1bp },
          { label: "0.01% to 0.1%", holders: facts.under10bp - facts.under1bp },
          { label: "0.1% to 1%", holders: facts.under100bp - facts.under10bp },
          { label: "1% to 10%", holders: facts.under1000bp - facts.under100bp },
          { label: "10% or more", holders: facts.holders - facts.under1000bp },
        ],
      },
      topMembers: members.map((m, i) => ({
        rank: i + 1,
        address: m.owner,
        username: m.username,
        balance: formatAmount(m.balance, decimals),
        shareBps: shareBps(m.balance, figures.supply),
        share: shareOfSupply(m.balance, figures.supply),
        heldSince: m.firstHeldAt?.toISOString() ?? null,
        heldDays: m.firstHeldAt ? Math.max(0, Math.floor((now - m.firstHeldAt.getTime()) / DAY_MS)) : 0,
        // Any wallet of the creator's account, not only the one the token launched from.
        isCreator: m.owner === token.creatorWallet || m.userId === token.userId,
      })),
    };
  }

  /** The creator's reputation now, and a week ago (age and launches then; the kept-alive and
   * retained shares are only known now, so they count the same in both). */
  private reputation(history: CreatorHistory, now: number) {
    const born = history.userCreatedAt?.getTime() ?? now;
    const ageDays = Math.floor((now - born) / DAY_MS);
    const holding = new Map(history.perMint.map((m) => [m.mint, m]));
    const ever = history.perMint.reduce((n, m) => n + m.ever, 0);
    const still = history.perMint.reduce((n, m) => n + m.now, 0);
    // No fan has held any of the creator's tokens yet: nothing to score, rather than a 0 that
    // reads as a creator everyone left.
    const retainedBps = ever > 0 ? Math.floor((still * 10_000) / ever) : null;
    const aliveOf = (mints: typeof history.launched) =>
      mints.filter((t) => (holding.get(t.mint)?.now ?? 0) > 0).length;
    const launched = history.launched.length;
    const alive = aliveOf(history.launched);
    const before = history.launched.filter((t) => t.createdAt.getTime() <= now - 7 * DAY_MS);
    return {
      ageDays,
      launched,
      alive,
      retainedBps,
      now: retainedBps === null ? null : reputationScore({ ageDays, launched, alive, retainedBps }),
      before:
        retainedBps !== null && ageDays >= 7 && before.length
          ? reputationScore({
              ageDays: ageDays - 7,
              launched: before.length,
              alive: aliveOf(before),
              retainedBps,
            })
          : null,
    };
  }
}
