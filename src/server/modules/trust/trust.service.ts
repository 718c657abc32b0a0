import { type Balance, BURN_ADDRESSES, holderFigures, nonHolders } from "@shared/holders";
import { MARKET } from "@shared/market/curve";
import type { TrustBand, TrustChecklist, TrustReport } from "@shared/schemas/trust";
import { bandOf, checklist, evaluate, TRUST_VERSION, type TrustInputs } from "@shared/trust/score";
import { forbidden, notFound } from "../../http-errors";
import type { FundingCheck } from "../../ledger/funding";
import type { Ledger } from "../../ledger/ledger";
import { decodeMintAccount, TOKEN_2022_PROGRAM_ID } from "../../ledger/token-state";
import { BoundedCache } from "../../lib/bounded-cache";
import { Semaphore } from "../../lib/semaphore";
import type { AccountsRepo } from "../accounts/accounts.repo";
import type { IndexerService } from "../indexer/indexer.service";
import type { MarketRepo, MarketRow } from "../market/market.repo";
import type { TokenRow } from "../tokens/tokens.repo";
import type { TokensService } from "../tokens/tokens.service";
import type { TrustRepo } from "./trust.repo";
import { type ControlFacts, controlFacts, creatorCluster, firstWindow, receivedByOwner } from "./trust-facts";

interface Deps {
  repo: TrustRepo;
  ledger: Ledger;
  tokens: TokensService;
  marketRepo: MarketRepo;
  indexer: IndexerService;
  accountsRepo: AccountsRepo;
  funding: FundingCheck;
  now: () => number;
  warn: (message: string) => void;
}

interface Assessment {
  inputs: TrustInputs;
  report: TrustReport;
  /** Who the score treats as the creator (docs/trust.md). */
  creator: string | null;
  token: TokenRow | null;
}

/** Ledger history pages read to find an outside mint's first transaction. */
const HISTORY_PAGES = 10;
/** Transactions of an outside mint's launch window read for its fairness. */
const WINDOW_READS = 200;
const DAY_MS = 86_400_000;
/** Age moves by days: a report is at most this old even when nothing changed. */
const MAX_AGE_MS = 60_000;
/** A mint not launched here changes only through the ledger, which moves with every commit of
 * anyone's: its report is kept this long while the ledger moves (always, while it does not). */
const OUTSIDE_MAX_AGE_MS = 5_000;
/** Explore hears of moved scores at most this often. */
const SCORE_NEWS_MS = 1_000;
/** Pause between two background scores. */
const BACKGROUND_PAUSE_MS = 10;
/** Scans of mints not launched here running at once. */
const OUTSIDE_SCANS = 2;
/** A window counts as closed this long after its end (late-confirmed trades, indexing lag). */
const WINDOW_SETTLE_MS = 60_000;

/** The trust score of any mint on the ledger (docs/trust.md) and its creator checklist.
 * Reports are cached per mint until the indexer or the market says it changed (`noteChange`);
 * Explore reads the last scores without waiting (`scoreFor`). */
export class TrustService {
  private reports: BoundedCache<
    string,
    { assessment: Assessment; version: number; ledger: number | null; at: number }
  >;
  private versions = new Map<string, number>();
  private versionCounter = 0;
  /** The version of a mint not in `versions`: moved by forgetAll. */
  private versionFloor = 0;
  /** (mint, day) pairs whose snapshot this process wrote: a marker of its own writes. */
  private snapshotted = new BoundedCache<string, true>({ max: 100_000 });
  /** Launch-window figures of mints whose window has closed: immutable. */
  private closedWindows = new BoundedCache<string, bigint>({ max: 100_000 });
  /** The last score of each mint, for Explore's cards while a fresh one is computed. */
  private lastScores = new Map<string, { score: number; band: TrustBand }>();
  /** Mints to score in the background (one at a time, off every request's path). */
  private wanted = new Set<string>();
  /** Mints not launched here are read like a scanner (token accounts, history): a few at a
   * time, so lookups of many such mints queue instead of taking every core. */
  private outsideScans = new Semaphore(OUTSIDE_SCANS);
  private inflight = new Map<string, { version: number; promise: Promise<Assessment> }>();
  private scoring = false;
  /** Told which mints' scores moved, at most once per SCORE_NEWS_MS (Explore rebuilds their
   * cards: batched, so a burst of scores does not rebuild Explore on every request). */
  onScoresChanged: ((mints: string[]) => void) | null = null;
  private movedScores = new Set<string>();
  private newsTimer: NodeJS.Timeout | null = null;

  constructor(private deps: Deps) {
    // Holders, the curve and metadata locks move a mint's version (on every node, by the
    // change bus); MAX_AGE_MS bounds what only the clock moves.
    this.reports = new BoundedCache({ max: 20_000, ttlMs: MAX_AGE_MS });
  }

  /** The indexer's holders or the market's curve moved for these mints. */
  noteChange(mints: Iterable<string>): void {
    for (const mint of mints) this.versions.set(mint, ++this.versionCounter);
  }

  /** Notices were missed (the change bus reconnected): every mint's report is made again. */
  forgetAll(): void {
    this.versions.clear();
    this.versionFloor = ++this.versionCounter;
  }

  private versionOf(mint: string): number {
    return this.versions.get(mint) ?? this.versionFloor;
  }

  async reportOf(mint: string): Promise<TrustReport> {
    return (await this.assess(mint)).report;
  }

  /** At start: each mint's last recorded daily score stands in on Explore's cards until its
   * fresh one is computed in the background (without it every card lost its score, and the
   * trust sort its order, for the 10-30 s that took). */
  async loadLastScores(): Promise<void> {
    for (const { mint, score } of await this.deps.repo.latestScores(TRUST_VERSION))
      if (!this.lastScores.has(mint)) this.lastScores.set(mint, { score, band: bandOf(score) });
  }

  /** The last score known, never computed here (Explore's cards): a missing or stale one is
   * computed in the background and `onScoresChanged` says when it moved. */
  scoreFor(mint: string): { score: number; band: TrustBand } | null {
    const fresh = this.fresh(mint);
    if (fresh?.token) return { score: fresh.report.score, band: fresh.report.band };
    if (!fresh) this.want(mint);
    return this.lastScores.get(mint) ?? null;
  }

  private want(mint: string): void {
    this.wanted.add(mint);
    if (this.scoring) return;
    this.scoring = true;
    void this.scoreWanted().finally(() => {
      this.scoring = false;
    });
  }

  private async scoreWanted(): Promise<void> {
    for (const mint of this.wanted) {
      this.wanted.delete(mint);
      // A mint that cannot be read now is tried again at its next change.
      await this.assess(mint).catch(() => undefined);
      // Background work gives way to requests between mints.
      await new Promise((resolve) => setTimeout(resolve, BACKGROUND_PAUSE_MS));
    }
  }

  /** "Improve your score": the creator's own tokens only. */
  async checklistOf(mint: string, userId: string): Promise<TrustChecklist> {
    const a = await this.assess(mint);
    await this.requireCreator(a, userId);
    return { mint, score: a.report.score, items: checklist(a.inputs) };
  }

  private scoreMoved(mint: string): void {
    this.movedScores.add(mint);
    if (this.newsTimer) return;
    this.newsTimer = setTimeout(() => {
      this.newsTimer = null;
      const mints = [...this.movedScores];
      this.movedScores.clear();
      this.onScoresChanged?.(mints);
    }, SCORE_NEWS_MS);
    this.newsTimer.unref();
  }

  // ---- assessing ----------------------------------------------------------------------------

  private fresh(mint: string): Assessment | null {
    const hit = this.reports.get(mint);
    if (!hit || hit.version !== this.versionOf(mint)) return null;
    const ledgerMoved = hit.ledger === null || hit.ledger !== this.deps.ledger.stateVersion();
    if (!hit.assessment.token && ledgerMoved && Date.now() - hit.at >= OUTSIDE_MAX_AGE_MS) return null;
    return hit.assessment;
  }

  /** One computation per mint at a time: concurrent readers after a change share it. */
  private assess(mint: string): Promise<Assessment> {
    const known = this.fresh(mint);
    if (known) return Promise.resolve(known);
    const version = this.versionOf(mint);
    const running = this.inflight.get(mint);
    if (running && running.version === version) return running.promise;
    const promise = this.assessNow(mint, version).finally(() => {
      if (this.inflight.get(mint)?.promise === promise) this.inflight.delete(mint);
    });
    this.inflight.set(mint, { version, promise });
    return promise;
  }

  private async assessNow(mint: string, version: number): Promise<Assessment> {
    const ledgerVersion = this.deps.ledger.stateVersion();
    const assessment = await this.compute(mint);
    // A computation overtaken by a change (a metadata lock, a trade) read the chain before it:
    // it answers its caller but must not become the score Explore keeps, or it would hide the
    // newer one computed meanwhile.
    const current = this.versionOf(mint) === version;
    if (current) this.reports.set(mint, { assessment, version, ledger: ledgerVersion, at: Date.now() });
    // Explore's cards are platform tokens: only theirs are kept (a scanner's lookups of any
    // mint would otherwise grow this without bound).
    // Overtaken: Explore still needs the current score, so it is computed again behind.
    if (assessment.token && !current) this.want(mint);
    if (assessment.token && current) {
      const { score, band } = assessment.report;
      const last = this.lastScores.get(mint);
      this.lastScores.set(mint, { score, band });
      if (last?.score !== score) this.scoreMoved(mint);
    }
    await this.snapshot(assessment.report);
    return assessment;
  }

  private async compute(mint: string): Promise<Assessment> {
    const account = await this.deps.ledger.getAccount(mint);
    const decoded = account && decodeMintAccount(account);
    if (!account || !decoded) throw notFound("Token not found");
    const controls = controlFacts(decoded);
    const token = await this.deps.tokens.getByMint(mint).catch(() => null);
    const platform = token?.status === "active" ? token : null;
    const facts = platform
      ? await this.platformFacts(mint, platform, decoded.supply)
      : await this.outsideScans.run(() => this.outsideFacts(mint, controls, decoded.supply));
    // Links published with the launch, or in the mint's own metadata fields.
    const hasLinks = facts.inputs.hasLinks || controls.metadataLinks;
    const inputs: TrustInputs = { ...pickControls(controls), ...facts.inputs, hasLinks };
    const result = evaluate(inputs);
    return {
      inputs,
      creator: facts.creator,
      token: platform,
      report: {
        mint,
        ...result,
        program: account.owner === TOKEN_2022_PROGRAM_ID ? "token-2022" : "spl-token",
        platform: platform !== null,
        computedAt: new Date(this.deps.now()).toISOString(),
      },
    };
  }

  /** A token launched here: holders from the indexer, fairness from the market (or the
   * indexed first transfers), the creator from our record. */
  private async platformFacts(mint: string, token: TokenRow, supply: bigint) {
    const { indexer, marketRepo } = this.deps;
    const market = await marketRepo.market(mint);
    const open = market && (market.status === "open" || market.status === "completed") ? market : null;
    await indexer.drained(2_000, mint);
    const creator = token.creatorWallet;
    // Holders and concentration as the token page and /analytics count them (shared/holders.ts).
    const vault = market?.vault ?? null;
    const read = await indexer.ownerBalances(mint, { limit: 10, lookup: [...nonHolders(vault), creator] });
    const figures = holderFigures({ ...read, mintSupply: supply }, vault);
    const funded = await this.fundedAmong(creator, figures.top);
    const launchTaken = await this.launchTaken(mint, creator, open);
    const launchedAt = token.confirmedAt ?? token.createdAt;
    return {
      creator,
      inputs: {
        supply: figures.supply,
        top10: figures.top10,
        largest: figures.largest,
        creatorCluster: creatorCluster(figures.top, read.known.get(creator) ?? 0n, funded),
        launchTaken,
        onCurve: open ? figures.onCurve : 0n,
        hasMarket: open !== null,
        ageDays: (this.deps.now() - launchedAt.getTime()) / DAY_MS,
        holders: figures.holders,
        hasLinks: [token.website, token.twitter, token.discord].some((l) => l.trim() !== ""),
      },
    };
  }

  /** Supply taken in the launch window by others than the creator and the vault; kept once
   * the window has closed (its history no longer changes). */
  private async launchTaken(mint: string, creator: string, open: MarketRow | null): Promise<bigint> {
    const known = this.closedWindows.get(mint);
    if (known !== undefined) return known;
    const { repo } = this.deps;
    const margin = MARKET.launchWindowMs + WINDOW_SETTLE_MS;
    if (open) {
      const taken = await repo.launchWindowBoughtBy(mint, [creator, open.vault]);
      if (open.openedAt && this.deps.now() - open.openedAt.getTime() > margin)
        this.closedWindows.set(mint, taken);
      return taken;
    }
    const excluded = [creator, ...BURN_ADDRESSES];
    const { taken, firstAt } = await repo.receivedInFirstWindow(mint, MARKET.launchWindowMs, excluded);
    if (firstAt && Date.now() - firstAt.getTime() > margin) this.closedWindows.set(mint, taken);
    return taken;
  }

  /** Any other mint, like a scanner: token accounts and history from the ledger. */
  private async outsideFacts(mint: string, controls: ControlFacts, supply: bigint) {
    const { ledger } = this.deps;
    const accounts = await ledger.getTokenAccountsByMint(mint);
    const byOwner = new Map<string, bigint>();
    for (const a of accounts) byOwner.set(a.owner, (byOwner.get(a.owner) ?? 0n) + a.amount);
    const owners: Balance[] = [...byOwner]
      .map(([owner, balance]) => ({ owner, balance }))
      .filter((h) => h.balance > 0n)
      .sort((a, b) => (b.balance > a.balance ? 1 : b.balance < a.balance ? -1 : 0));
    const figures = holderFigures(
      { largest: owners, owners: owners.length, known: byOwner, mintSupply: supply },
      null,
    );
    const history = await this.oldestFirst(mint);
    const first = history[0] ? await ledger.getTransaction(history[0].signature) : null;
    const creator = first?.accountKeys[0] ?? controls.mintAuthorityKey ?? controls.updateAuthority;
    const excluded = new Set(BURN_ADDRESSES);
    const funded = creator ? await this.fundedAmong(creator, figures.top) : new Set<string>();
    let launchTaken: bigint | null = null;
    if (history.length) {
      const window = firstWindow(history, MARKET.launchWindowMs / 1000).slice(0, WINDOW_READS);
      const records = await Promise.all(window.map((s) => ledger.getTransaction(s.signature)));
      const received = receivedByOwner(
        records.filter((r) => r !== null),
        mint,
      );
      launchTaken = 0n;
      for (const [owner, amount] of received)
        if (owner !== creator && !excluded.has(owner)) launchTaken += amount;
    }
    const createdAt = history[0]?.blockTime;
    return {
      creator,
      inputs: {
        supply: figures.supply,
        top10: figures.top10,
        largest: figures.largest,
        creatorCluster: creator ? creatorCluster(figures.top, byOwner.get(creator) ?? 0n, funded) : 0n,
        launchTaken,
        onCurve: 0n,
        hasMarket: false,
        ageDays: createdAt ? (this.deps.now() - createdAt * 1000) / DAY_MS : 0,
        holders: figures.holders,
        hasLinks: controls.metadataLinks,
      },
    };
  }

  /** The mint's history, oldest first (a bounded number of pages back). */
  private async oldestFirst(mint: string) {
    const all = [];
    let before: string | undefined;
    for (let page = 0; page < HISTORY_PAGES; page++) {
      const part = await this.deps.ledger.getSignaturesForAddress(mint, { limit: 1000, before });
      all.push(...part);
      if (part.length < 1000) break;
      before = part.at(-1)?.signature;
    }
    return all.reverse();
  }

  /** Among the ten largest holders, those the creator sent SOL to. */
  private async fundedAmong(creator: string, top: readonly Balance[]): Promise<Set<string>> {
    const candidates = top.slice(0, 10).filter((h) => h.owner !== creator);
    const checks = await Promise.all(candidates.map((h) => this.deps.funding.funded(creator, h.owner)));
    return new Set(candidates.filter((_, i) => checks[i]).map((h) => h.owner));
  }

  private async requireCreator(a: Assessment, userId: string): Promise<void> {
    if (a.token) {
      if (a.token.userId !== userId) throw forbidden("Only the token's creator can see its checklist");
      return;
    }
    const wallet = a.creator ? await this.deps.accountsRepo.walletByPublicKey(a.creator) : null;
    if (!wallet || wallet.userId !== userId)
      throw forbidden("Only the token's creator can see its checklist");
  }

  /** The first report of each mint each UTC day is kept for the trend. */
  private async snapshot(report: TrustReport): Promise<void> {
    const day = report.computedAt.slice(0, 10);
    const key = `${report.mint}:${day}`;
    if (this.snapshotted.get(key)) return;
    try {
      await this.deps.repo.snapshot(report.mint, day, report.score, report.version);
      this.snapshotted.set(key, true);
    } catch (err) {
      // The report stands without its trend point; the next report of the day tries again.
      this.deps.warn(`trust snapshot not written: ${err instanceof Error ? err.name : "error"}`);
    }
  }
}

function pickControls(c: ControlFacts) {
  return {
    mintAuthority: c.mintAuthority,
    freezeAuthority: c.freezeAuthority,
    defaultFrozen: c.defaultFrozen,
    permanentDelegate: c.permanentDelegate,
    transferHook: c.transferHook,
    nonTransferable: c.nonTransferable,
    transferFeeBps: c.transferFeeBps,
    metadata: c.metadata,
  };
}
