import { MARKET, marketCapLamports, progressBps } from "@shared/market/curve";
import { priceText, spotPriceNano } from "@shared/market/price";
import {
  EXPLORE_SORTS,
  type ExplorePage,
  ExplorePageSchema,
  type ExploreQuery,
  type ExploreToken,
} from "@shared/schemas/market";
import type { TrustBand } from "@shared/schemas/trust";
import { BoundedCache } from "../../lib/bounded-cache";
import { tradePrice } from "../market/market-history.repo";
import type { TokenRow, TokensRepo } from "../tokens/tokens.repo";
import { aggregate, DAY_MS, TradeLog } from "./explore.aggregates";
import {
  decodeCursor,
  type ExploreSort,
  haystackOf,
  matches,
  needleOf,
  pageOf,
  type RankedToken,
  rank,
} from "./explore.ranking";
import type { ExploreRepo, TradeRow } from "./explore.repo";

interface Deps {
  repo: ExploreRepo;
  /** Its version moves with every token write, on every API node (the change bus). */
  tokensRepo: Pick<TokensRepo, "launched" | "version">;
  now?: () => number;
  /** The snapshot is rebuilt at most this often, unless told of a change (noteChange). */
  refreshMs?: number;
  /** Trust scores as last computed (never computed on this path; see TrustService.scoreFor). */
  trust?: { scoreFor(mint: string): { score: number; band: TrustBand } | null };
}

/** How far back each incremental read looks again before the newest change it saw: a
 * transaction that committed late with an older time is still picked up (ids dedupe). */
const OVERLAP_MS = 10_000;
/** Every launch (on any node) bumps the token repo's version; re-read anyway now and then. */
const TOKEN_LIST_MAX_AGE_MS = 30_000;
/** Every market is re-read this often anyway (every market write, on any node, also calls
 * noteChange); in between only the markets of mints that traded, and all after noteChange(). */
const MARKETS_MAX_AGE_MS = 10_000;
const HOUR_MS = 3_600_000;

type MarketFacts = Awaited<ReturnType<ExploreRepo["markets"]>>[number];
type Creator = { username: string | null; isDemo: boolean };

interface Built {
  at: number;
  tokens: RankedToken[];
  orders: Map<ExploreSort, RankedToken[]>;
  searches: BoundedCache<string, RankedToken[]>;
  /** Pages already serialized, by query: the hot path answers with bytes. */
  pages: BoundedCache<string, Buffer>;
}

/** Explore: every launched token ranked by new, trending, holders or market cap. Pages are
 * served from an in-memory snapshot of per-token aggregates, fed incrementally (only trades and
 * holder changes since the last look are read) and rebuilt at most once per `refreshMs`, or on
 * the next request after `noteChange()`. Sorted orders and searches are cached per snapshot. */
export class ExploreService {
  private now: () => number;
  private refreshMs: number;

  private tokenRows: TokenRow[] = [];
  private tokensVersion = -1;
  private tokensLoadedAt = 0;
  private creators = new Map<string, Creator>();

  private logs = new Map<string, TradeLog>();
  /** Trade ids read in the overlap window, so a trade read twice counts once. */
  private seenTrades = new Map<string, number>();
  private tradeMark: number | null = null;

  private holderCounts = new Map<string, number>();
  private holderMark: number | null = null;

  private marketRows = new Map<string, MarketFacts>();
  private marketsLoadedAt = 0;

  /** Cards by mint, rebuilt only for mints whose facts changed (or all, see `allChanged`). */
  private cards = new Map<string, RankedToken>();
  private changed = new Set<string>();
  private allChanged = true;
  private hour = -1;

  private built: Built | null = null;
  private dirty = true;
  private notedMints = new Set<string>();
  private building: Promise<void> | null = null;

  constructor(private deps: Deps) {
    this.now = deps.now ?? Date.now;
    this.refreshMs = deps.refreshMs ?? 1_000;
  }

  /** Builds the first snapshot (at start-up: reading a day of trades takes a while). */
  async warm(): Promise<void> {
    await this.snapshot();
  }

  /** A trade confirmed, a market opened or holders changed (of `mints`, when known): the next
   * request rebuilds the snapshot first, reading those mints' holders and market afresh. */
  noteChange(mints: Iterable<string> = []): void {
    this.dirty = true;
    for (const mint of mints) this.notedMints.add(mint);
  }

  /** Notices were missed (the change bus reconnected): every card and market is read again. */
  forgetAll(): void {
    this.noteChange();
    this.allChanged = true;
    this.tokensLoadedAt = 0;
  }

  /** The page as UTF-8 JSON, checked against its schema once and then served from memory
   * until the snapshot changes. */
  async pageJson(query: ExploreQuery): Promise<Buffer> {
    const built = await this.snapshot();
    const key = `${query.sort}\n${query.limit}\n${query.cursor ?? ""}\n${needleOf(query.q)}`;
    let json = built.pages.get(key);
    if (!json) {
      json = Buffer.from(JSON.stringify(ExplorePageSchema.parse(this.pageFrom(built, query))));
      built.pages.set(key, json);
    }
    return json;
  }

  /** The token's 1-based place in each order (null when it is not listed) out of all listed. */
  async rankOf(mint: string): Promise<Array<{ sort: ExploreSort; rank: number | null; of: number }>> {
    const built = await this.snapshot();
    return EXPLORE_SORTS.map((sort) => {
      const index = this.ordered(built, sort, "").findIndex((t) => t.card.mint === mint);
      return { sort, rank: index < 0 ? null : index + 1, of: built.tokens.length };
    });
  }

  private pageFrom(built: Built, query: ExploreQuery): ExplorePage {
    const after = query.cursor ? decodeCursor(query.cursor, query.sort) : null;
    const ordered = this.ordered(built, query.sort, needleOf(query.q));
    const page = pageOf(ordered, query.sort, after, query.limit);
    return { tokens: page.tokens.map((t) => t.card), nextCursor: page.nextCursor };
  }

  private ordered(built: Built, sort: ExploreSort, needle: string): RankedToken[] {
    let all = built.orders.get(sort);
    if (!all) {
      all = rank(built.tokens, sort);
      built.orders.set(sort, all);
    }
    if (!needle) return all;
    const key = `${sort}\n${needle}`;
    let found = built.searches.get(key);
    if (!found) {
      found = all.filter((t) => matches(t, needle));
      built.searches.set(key, found);
    }
    return found;
  }

  /** A launch or a noted change must show on the very next read. */
  private mustRefresh(): boolean {
    return this.dirty || this.deps.tokensRepo.version !== this.tokensVersion;
  }

  /** The snapshot to serve. Only old (no change known): served as is while a rebuild runs
   * behind it, so no request waits on the clock. Changed: rebuilt first (one rebuild at a
   * time; everyone waiting gets the one it made). */
  private async snapshot(): Promise<Built> {
    if (this.built && !this.mustRefresh()) {
      if (this.now() - this.built.at >= this.refreshMs)
        this.rebuild().catch(() => {
          /* the next request tries again */
        });
      return this.built;
    }
    // Twice at most: a launch that lands during a rebuild gets one more, not an endless wait.
    for (let i = 0; i < 2 && (!this.built || this.mustRefresh()); i++) await this.rebuild();
    return this.built as Built;
  }

  private rebuild(): Promise<void> {
    this.building ??= this.refresh().finally(() => {
      this.building = null;
    });
    return this.building;
  }

  private async refresh(): Promise<void> {
    const noted = this.dirty;
    const notedMints = [...this.notedMints];
    this.dirty = false;
    this.notedMints.clear();
    try {
      await this.refreshNow(noted, notedMints);
    } catch (err) {
      this.noteChange(notedMints);
      throw err;
    }
  }

  private async refreshNow(noted: boolean, notedMints: string[]): Promise<void> {
    const now = this.now();
    await this.loadTokens(now);
    const [traded] = await Promise.all([this.loadTrades(now), this.loadHolders(notedMints)]);
    for (const mint of notedMints) traded.add(mint);
    await this.loadMarkets(now, noted, traded);
    // A mint named to noteChange gets a new card even when no aggregate here moved: what
    // changed may be read from elsewhere (its trust score).
    for (const mint of notedMints) this.changed.add(mint);
    const hour = Math.floor(now / HOUR_MS);
    // A new clock hour moves every sparkline.
    if (hour !== this.hour) this.allChanged = true;
    this.hour = hour;
    if (this.built && !this.allChanged && this.changed.size === 0) {
      // Nothing moved: the sorted orders and serialized pages stay good.
      this.built.at = now;
      return;
    }
    for (const row of this.tokenRows) {
      const mint = row.mintAddress;
      if (this.allChanged || this.changed.has(mint) || !this.cards.has(mint))
        this.cards.set(mint, this.rankedToken(row, this.marketRows.get(mint), now));
    }
    this.allChanged = false;
    this.changed.clear();
    const ranked = this.tokenRows.flatMap((row) => this.cards.get(row.mintAddress) ?? []);
    this.built = {
      at: now,
      tokens: ranked,
      orders: new Map(),
      // Room for a search per token and more: past the bound the cache starts over.
      searches: new BoundedCache({ max: 5_000 }),
      pages: new BoundedCache({ max: 2_000 }),
    };
  }

  private async loadTokens(now: number): Promise<void> {
    const version = this.deps.tokensRepo.version;
    if (version === this.tokensVersion && now - this.tokensLoadedAt < TOKEN_LIST_MAX_AGE_MS) return;
    const rows = await this.deps.tokensRepo.launched();
    const unknown = [...new Set(rows.map((r) => r.userId))].filter((id) => !this.creators.has(id));
    for (const c of await this.deps.repo.creators(unknown)) {
      this.creators.set(c.id, { username: c.username, isDemo: c.isDemo });
    }
    // A launched token's row never changes: only tokens new to the list need cards.
    const before = new Set(this.tokenRows.map((r) => r.mintAddress));
    const after = new Set(rows.map((r) => r.mintAddress));
    if ([...before].some((mint) => !after.has(mint))) this.allChanged = true;
    for (const mint of after) if (!before.has(mint)) this.changed.add(mint);
    this.tokenRows = rows;
    this.tokensVersion = version;
    this.tokensLoadedAt = now;
  }

  /** All markets now and then (and after noteChange), else those of the mints that traded
   * (or were named to noteChange). */
  private async loadMarkets(now: number, noted: boolean, traded: Set<string>): Promise<void> {
    const all = noted || now - this.marketsLoadedAt >= MARKETS_MAX_AGE_MS;
    if (!all && traded.size === 0) return;
    const rows = await this.deps.repo.markets(all ? undefined : [...traded]);
    if (all) {
      const seen = new Set(rows.map((m) => m.mint));
      for (const mint of this.marketRows.keys()) {
        if (!seen.has(mint)) {
          this.marketRows.delete(mint);
          this.changed.add(mint);
        }
      }
      this.marketsLoadedAt = now;
    }
    for (const m of rows) {
      const old = this.marketRows.get(m.mint);
      const same =
        old &&
        old.status === m.status &&
        old.virtualSol === m.virtualSol &&
        old.virtualToken === m.virtualToken &&
        old.realToken === m.realToken &&
        old.realSol === m.realSol &&
        old.initialRealToken === m.initialRealToken;
      if (!same) {
        this.marketRows.set(m.mint, m);
        this.changed.add(m.mint);
      }
    }
  }

  /** Reads the trades confirmed since the last look; returns the mints that traded. */
  private async loadTrades(now: number): Promise<Set<string>> {
    const first = this.tradeMark === null;
    const since = first ? now - DAY_MS : (this.tradeMark as number) - OVERLAP_MS;
    const [before, rows] = await Promise.all([
      first ? this.deps.repo.lastTradesBefore(new Date(since)) : Promise.resolve([]),
      this.deps.repo.tradesSince(new Date(since)),
    ]);
    const traded = new Set<string>();
    for (const row of [...before, ...rows]) if (this.addTrade(row, now)) traded.add(row.mint);
    for (const mint of traded) this.changed.add(mint);
    // Trades older than a day leave the volume and become the change's reference.
    for (const [mint, log] of this.logs) if (log.prune(now)) this.changed.add(mint);
    let mark = this.tradeMark ?? since;
    for (const row of rows) mark = Math.max(mark, row.confirmedAt.getTime());
    this.tradeMark = mark;
    for (const [id, t] of this.seenTrades) if (t < mark - 2 * OVERLAP_MS) this.seenTrades.delete(id);
    return traded;
  }

  /** False for a trade already counted. */
  private addTrade(row: TradeRow, now: number): boolean {
    if (this.seenTrades.has(row.id) || row.virtualTokenAfter <= 0n) return false;
    const t = row.confirmedAt.getTime();
    this.seenTrades.set(row.id, t);
    let log = this.logs.get(row.mint);
    if (!log) {
      log = new TradeLog();
      this.logs.set(row.mint, log);
    }
    const price = tradePrice(row, row.decimals);
    log.add({ id: row.id, t, price, sol: row.curveSol }, now);
    return true;
  }

  /** Holder counts of the mints whose holders changed since the last look, and of `noted`. */
  private async loadHolders(noted: string[]): Promise<void> {
    if (this.holderMark === null) {
      const counts = await this.deps.repo.holderCounts();
      this.holderCounts = new Map(counts.map((c) => [c.mint, c.holders]));
      this.allChanged = true;
      // Changes from now on are read incrementally (the overlap covers the gap to this read).
      this.holderMark = Date.now();
      return;
    }
    const changes = await this.deps.repo.holderChangesSince(new Date(this.holderMark - OVERLAP_MS));
    if (!changes.length && !noted.length) return;
    const mints = [...new Set([...changes.map((c) => c.mint), ...noted])];
    const counts = new Map((await this.deps.repo.holderCounts(mints)).map((c) => [c.mint, c.holders]));
    for (const mint of mints) {
      const count = counts.get(mint) ?? 0;
      if (this.holderCounts.get(mint) !== count) this.changed.add(mint);
      this.holderCounts.set(mint, count);
    }
    for (const c of changes) this.holderMark = Math.max(this.holderMark, c.updatedAt.getTime());
  }

  private rankedToken(row: TokenRow, market: MarketFacts | undefined, now: number): RankedToken {
    const creator = this.creators.get(row.userId) ?? { username: null, isDemo: false };
    const supply = BigInt(row.totalSupply) * 10n ** BigInt(row.decimals);
    const live = market && (market.status === "open" || market.status === "completed") ? market : null;
    const curve = live && {
      virtualSol: live.virtualSol,
      virtualToken: live.virtualToken,
      realSol: live.realSol,
      realToken: live.realToken,
      initialRealToken: live.initialRealToken,
    };
    const usable = curve && curve.virtualToken > 0n ? curve : null;
    const price = usable ? spotPriceNano(usable, row.decimals) : null;
    const marketCap = usable ? marketCapLamports(usable, supply) : null;
    const openPrice = usable ? openPriceOf(usable.initialRealToken, row.decimals) : null;
    const log = this.logs.get(row.mintAddress);
    const agg = aggregate(log, now, price, openPrice);
    const holders = this.holderCounts.get(row.mintAddress) ?? 0;
    const trust = this.deps.trust?.scoreFor(row.mintAddress) ?? null;
    const card: ExploreToken = {
      mint: row.mintAddress,
      name: row.name,
      symbol: row.symbol,
      imageUrl: row.imageUrl || `/api/tokens/${row.mintAddress}/image.svg`,
      decimals: row.decimals,
      supply: supply.toString(),
      creator: { username: creator.username, wallet: row.creatorWallet, isDemo: creator.isDemo },
      createdAt: row.createdAt.toISOString(),
      holders,
      marketStatus: live ? (live.status as "open" | "completed") : "none",
      priceLamports: price === null ? null : priceText(price),
      change24hBps: usable ? agg.change24hBps : null,
      volume24hLamports: agg.volume24h.toString(),
      marketCapLamports: marketCap?.toString() ?? null,
      progress: usable ? Number(progressBps(usable)) / 10_000 : null,
      sparkline: agg.sparkline.map(priceText),
      trustScore: trust?.score ?? null,
      trustBand: trust?.band ?? null,
    };
    return {
      card,
      createdAtMs: row.createdAt.getTime(),
      holders,
      volume24h: agg.volume24h,
      marketCap,
      trust: trust?.score ?? null,
      haystack: haystackOf(row.name, row.symbol, creator.username),
    };
  }
}

/** The curve's price when it opened (nano-lamports per whole token): the start reserves of a
 * curve of `initialRealToken`. */
function openPriceOf(initialRealToken: bigint, decimals: number): bigint | null {
  const virtualToken = (initialRealToken * MARKET.virtualTokenNumerator) / MARKET.virtualTokenDenominator;
  if (virtualToken <= 0n) return null;
  return spotPriceNano({ virtualSol: MARKET.virtualSolLamports, virtualToken }, decimals);
}
