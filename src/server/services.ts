import { holdingValueLamports } from "@shared/market/price";
import type { FastifyPluginAsync } from "fastify";
import type { AppDeps } from "./app-deps";
import { FundingCheck } from "./ledger/funding";
import { PostgresTransport } from "./lib/bus-postgres";
import { RedisTransport } from "./lib/bus-redis";
import { type BusTransport, ChangeBus } from "./lib/change-bus";
import { Leadership } from "./lib/leader";
import { openLimits } from "./limits/open-limits";
import { AccountsRepo } from "./modules/accounts/accounts.repo";
import { accountsRoutes } from "./modules/accounts/accounts.routes";
import { AccountsService } from "./modules/accounts/accounts.service";
import { LoginThrottle } from "./modules/accounts/login-throttle";
import { SessionService } from "./modules/accounts/session.service";
import { TrustedDevices } from "./modules/accounts/trusted-device";
import { AgentsRepo } from "./modules/agents/agents.repo";
import { agentsRoutes } from "./modules/agents/agents.routes";
import { AgentsService } from "./modules/agents/agents.service";
import { aiRoutes } from "./modules/ai/ai.routes";
import { AiService } from "./modules/ai/ai.service";
import { AnalyticsRepo } from "./modules/analytics/analytics.repo";
import { analyticsRoutes } from "./modules/analytics/analytics.routes";
import { AnalyticsService } from "./modules/analytics/analytics.service";
import { CommunityService } from "./modules/analytics/community.service";
import { ExploreRepo } from "./modules/explore/explore.repo";
import { exploreRoutes } from "./modules/explore/explore.routes";
import { ExploreService } from "./modules/explore/explore.service";
import { healthRoutes } from "./modules/health/health.routes";
import { HealthService } from "./modules/health/health.service";
import { IndexerRepo } from "./modules/indexer/indexer.repo";
import { IndexerService } from "./modules/indexer/indexer.service";
import { MarketRepo } from "./modules/market/market.repo";
import { marketRoutes } from "./modules/market/market.routes";
import { MarketService } from "./modules/market/market.service";
import { CurveBook } from "./modules/market/market-curves";
import { MarketHistoryRepo } from "./modules/market/market-history.repo";
import { marketHistoryRoutes } from "./modules/market/market-history.routes";
import { MarketHistoryService } from "./modules/market/market-history.service";
import { MarketLive } from "./modules/market/market-live";
import { marketLiveRoutes } from "./modules/market/market-live.routes";
import { MarketOpenService } from "./modules/market/market-open.service";
import { PayoutsRepo } from "./modules/market/market-payouts.repo";
import { CreatorFeePayouts } from "./modules/market/market-payouts.service";
import { MarketTradeService } from "./modules/market/market-trade.service";
import { treasuryAddress, treasurySigner, VaultKeys } from "./modules/market/market-vault";
import { MarketVersions } from "./modules/market/market-versions";
import { RewardAutoMinter } from "./modules/rewards/reward-auto-minter";
import { rewardDraftRoutes } from "./modules/rewards/reward-draft.routes";
import { RewardDraftService } from "./modules/rewards/reward-draft.service";
import { RewardEligibility } from "./modules/rewards/reward-eligibility";
import { RewardKeys } from "./modules/rewards/reward-keys";
import { RewardMinter } from "./modules/rewards/reward-minter";
import { RewardSponsor } from "./modules/rewards/reward-sponsor";
import { RewardsRepo } from "./modules/rewards/rewards.repo";
import { rewardsRoutes } from "./modules/rewards/rewards.routes";
import { RewardsService } from "./modules/rewards/rewards.service";
import { rpcRoutes } from "./modules/rpc/rpc.routes";
import { RpcService } from "./modules/rpc/rpc.service";
import { siteRoutes } from "./modules/site/site.routes";
import { SiteService } from "./modules/site/site.service";
import { LaunchService } from "./modules/tokens/launch.service";
import { shareCardOf, withShareCard } from "./modules/tokens/share-card";
import { TokensRepo } from "./modules/tokens/tokens.repo";
import { tokensRoutes } from "./modules/tokens/tokens.routes";
import { TokensService } from "./modules/tokens/tokens.service";
import { TransferService } from "./modules/tokens/transfer.service";
import { MetadataLockService } from "./modules/trust/metadata-lock.service";
import { TrustRepo } from "./modules/trust/trust.repo";
import { trustRoutes } from "./modules/trust/trust.routes";
import { TrustService } from "./modules/trust/trust.service";
import { Custody } from "./modules/wallets/custody";
import { walletsRoutes } from "./modules/wallets/wallets.routes";
import { WalletsService } from "./modules/wallets/wallets.service";

/** Wires every service from the app's parts, and lists the route plugins in load order.
 * Services receive their dependencies as an object, so tests hand them real ones. */
export function createServices(deps: AppDeps, warn: (message: string) => void) {
  const { db } = deps.database;
  const { config, ledger } = deps;
  const publicUrl = (config.PUBLIC_URL ?? `http://localhost:${config.PORT}`).replace(/\/$/, "");
  // PGlite is this process's alone; other processes may read and write a PostgreSQL server
  // (launch confirmations are then committed before the answer, see TokensRepo).
  const shared = deps.database.kind === "postgres";
  // Several API nodes on one PostgreSQL (docs/decisions/013-leader-and-change-bus.md): one
  // leader runs the background work; every change is applied on every node by the bus, which
  // drops every in-process cache of changed data (the table of caches is in decision 013).
  const leadership = new Leadership({ newSession: deps.database.newSession ?? null, warn });
  const bus = new ChangeBus(warn);
  const busTransport = changeTransport(deps, warn);
  const sessions = new SessionService(db);
  const accountsRepo = new AccountsRepo(db);
  // Rate limits and login throttles: counted across API nodes when the database is shared.
  const limits = openLimits({
    redisUrl: config.REDIS_URL,
    redisKeyPrefix: config.REDIS_KEY_PREFIX,
    database: deps.database,
    now: deps.now,
    warn,
  });
  const custody = Custody.fromConfig(config.WALLET_MASTER_KEY, config.DATA_DIR);
  const accounts = new AccountsService({
    repo: accountsRepo,
    throttle: new LoginThrottle(limits, undefined, deps.now),
    devices: new TrustedDevices(custody.derivedKey("trusted-device-cookie")),
  });
  const wallets = new WalletsService({ repo: accountsRepo, accounts, custody, ledger });
  const tokensRepo = new TokensRepo(deps.database, { shared, warn });
  // Made once the indexer and the market exist; both tell it of changes.
  let trust: TrustService | null = null;
  const explore = new ExploreService({
    repo: new ExploreRepo(db),
    tokensRepo,
    // Explore shows the last score and never waits for one (see TrustService.scoreFor).
    trust: { scoreFor: (mint) => trust?.scoreFor(mint) ?? null },
  });
  // Set once the rewards engine is wired below; the indexer tells it whose holders changed.
  let rewardAutoMinter: RewardAutoMinter | null = null;
  // Analytics' per-mint cache: moved by every holder write of the indexer and market change.
  const analyticsVersions = new MarketVersions();
  // The chain indexer: started and stopped with the app (app.ts), fed off the response path.
  const indexer = new IndexerService({
    repo: new IndexerRepo(deps.database),
    ledger,
    log: { warn },
    pollMs: config.INDEXER_POLL_MS,
    rpcPerSecond: config.INDEXER_RPC_PER_SECOND,
    // The indexer keeps its own caches current from its writes; other nodes drop theirs.
    onHoldersChanged: (mints) => {
      holdersMoved(mints);
      bus.publish("holders", mints, { here: false });
    },
  });
  bus.on("holders", (mints) => {
    indexer.dropCached(mints);
    holdersMoved(mints);
  });
  /** What follows a mint's holders, on the node that wrote them and on every other. */
  function holdersMoved(mints: Set<string> | string[]) {
    explore.noteChange(mints);
    for (const mint of mints) analyticsVersions.bump(mint);
    trust?.noteChange(mints);
    rewardAutoMinter?.noteHoldersChanged(mints);
    marketLive.noteHolders(mints);
  }
  sessions.onRevoked = (idHash) => bus.publish("session", [idHash]);
  bus.on("session", (idHashes) => {
    for (const idHash of idHashes) sessions.forget(idHash);
  });
  accountsRepo.onWalletAdded = (userId) => bus.publish("wallets", [userId]);
  bus.on("wallets", (userIds) => {
    for (const userId of userIds) accountsRepo.forgetWallets(userId);
  });
  // A user's launches (keys: user ids): their lists, Explore's token list (the repo's version)
  // and agents (whose rows carry their token).
  tokensRepo.onChanged = (userId) => bus.publish("tokens", [userId]);
  bus.on("tokens", (userIds) => {
    for (const userId of userIds) tokensRepo.forget(userId);
  });
  const marketRepo = new MarketRepo(deps.database);
  const tokens = new TokensService({
    repo: tokensRepo,
    accountsRepo,
    ledger,
    indexer,
    marketVersions: marketRepo.versions,
  });
  const now = deps.now ?? Date.now;
  // Made below: a trade confirmed on a market owing its creator fees wakes the payout job.
  let payouts: CreatorFeePayouts | null = null;
  // Every write of a market row or a trade's confirmation (the repo's versioned writes).
  marketRepo.versions.onWritten = (mint) => bus.publish("market", [mint]);
  bus.on("market", (mints) => {
    explore.noteChange(mints);
    for (const mint of mints) {
      analyticsVersions.bump(mint);
      // Another node's trade: this node's market caches keyed on the version drop it.
      marketRepo.versions.bump(mint);
    }
    trust?.noteChange(mints);
    // A trade (on any node) on a market owing its creator fees wakes the leader's payout job.
    for (const mint of mints) payouts?.noteTrade(mint);
  });
  // One writer per curve: across API nodes too when they share a PostgreSQL database.
  const curves = new CurveBook(marketRepo, deps.database.advisoryLock);
  const treasury = treasuryAddress(config.TREASURY_ADDRESS, config.DATA_DIR);
  let market: MarketService | null = null;
  const trades = new MarketTradeService({
    repo: marketRepo,
    curves,
    vaults: new VaultKeys(custody),
    tokens,
    accountsRepo,
    wallets,
    ledger,
    treasury: () => (market ? market.treasury() : Promise.resolve(treasury)),
    now,
  });
  const opens = new MarketOpenService({
    repo: marketRepo,
    curves,
    custody,
    tokens,
    wallets,
    ledger,
    trades,
    now,
    warn,
  });
  market = new MarketService({
    repo: marketRepo,
    curves,
    tokens,
    tokensRepo,
    trades,
    opens,
    ledger,
    treasury,
    now,
    warn,
  });
  tokens.spotPrice = (mint) => (market ? market.spot(mint) : Promise.resolve(null));
  const marketStatesForPayouts = market;
  // Owed creator fees paid from the treasury (docs/market.md): run by the leader (app.ts).
  payouts = new CreatorFeePayouts({
    repo: new PayoutsRepo(db),
    ledger,
    treasury: () => marketStatesForPayouts.treasury(),
    treasurySigner: treasurySigner(config.TREASURY_ADDRESS, config.DATA_DIR),
    curves,
    now,
    warn,
    onChange: (mint) => bus.publish("market", [mint]),
  });
  const feePayouts = payouts;
  const launches = new LaunchService({
    repo: tokensRepo,
    tokens,
    wallets,
    ledger,
    publicUrl,
    markets: opens,
    launchBuilder: deps.launchBuilder,
  });
  const transfers = new TransferService({ repo: tokensRepo, accountsRepo, tokens, wallets, ledger });
  trust = new TrustService({
    repo: new TrustRepo(db),
    ledger,
    tokens,
    marketRepo,
    indexer,
    accountsRepo,
    funding: new FundingCheck(ledger),
    now,
    warn,
  });
  trust.onScoresChanged = (mints) => explore.noteChange(mints);
  bus.on("trust", (mints) => trust?.noteChange(mints));
  const locks = new MetadataLockService({
    ledger,
    accountsRepo,
    wallets,
    onLocked: (mint) => bus.publish("trust", [mint]),
  });

  const marketHistory = new MarketHistoryService({
    repo: new MarketHistoryRepo(db),
    tokens,
    versions: marketRepo.versions,
  });
  // Token pages' push updates: every node's streams hear every node's trades through the bus.
  const liveStates = market;
  const marketLive = new MarketLive({
    stateJson: (mint) => liveStates.stateJson(mint),
    tradesJson: (mint, query) => marketHistory.tradesJson(mint, query),
    limits: { total: config.LIVE_STREAMS_MAX, perIp: config.LIVE_STREAMS_PER_IP },
    warn,
  });
  bus.on("market", (mints) => marketLive.noteChange(mints));
  /** A token page's HTML carries its share card (Open Graph tags) for link previews. */
  const pageHtml = async (pathname: string) => {
    const mint = /^\/token\/([1-9A-HJ-NP-Za-km-z]{32,44})\/?$/i.exec(pathname)?.[1];
    if (!mint) return null;
    const row = await tokens.getByMint(mint).catch(() => null);
    if (row?.status !== "active") return null;
    const card = shareCardOf(row, publicUrl);
    return (html: string) => withShareCard(html, card);
  };

  // NFT rewards (docs/rewards.md): collections and NFTs paid by the platform's sponsor key,
  // eligibility from the indexer, an automatic minter started and stopped with the app.
  const rewardsRepo = new RewardsRepo(deps.database);
  // A reward written here: the other nodes' automatic minters read the rewards again.
  rewardsRepo.onRewardWritten = () => bus.publish("rewards", ["*"], { here: false });
  bus.on("rewards", () => rewardsRepo.forgetRewards());
  const rewardKeys = new RewardKeys(custody);
  const rewardSponsor = new RewardSponsor(custody, config.DATA_DIR, ledger, warn);
  const rewardMinter = new RewardMinter({
    repo: rewardsRepo,
    ledger,
    keys: rewardKeys,
    sponsor: rewardSponsor,
    publicUrl,
    now,
    warn,
    waveChunk: config.REWARD_WAVE_CHUNK,
  });
  const rewardEligibility = new RewardEligibility({ repo: rewardsRepo, now });
  rewardAutoMinter = new RewardAutoMinter({
    repo: rewardsRepo,
    eligibility: rewardEligibility,
    minter: rewardMinter,
    tokenOf: (mint) => tokens.getByMint(mint).catch(() => null),
    warn,
  });
  const autoMinter = rewardAutoMinter;
  const rewards = new RewardsService({
    repo: rewardsRepo,
    tokens,
    accountsRepo,
    wallets,
    ledger,
    custody,
    keys: rewardKeys,
    minter: rewardMinter,
    eligibility: rewardEligibility,
    indexer,
    publicUrl,
    now,
    onChange: (mint) => autoMinter.noteHoldersChanged([mint]),
    holdingsValue: async (owner, tokenMints) => {
      const balances = await indexer.balancesOf(owner);
      let total: bigint | null = null;
      for (const mint of tokenMints) {
        // The curve's price only: the full market state would check every launch buyer's funding.
        const spot = await market?.spot(mint);
        if (!spot) continue;
        total = (total ?? 0n) + holdingValueLamports(balances.get(mint) ?? 0n, spot.decimals, spot.priceNano);
      }
      return total;
    },
  });

  const site = new SiteService({ db, links: deps.config.links });

  const ai = new AiService({ db, ai: deps.ai });
  const agents = new AgentsService({ repo: new AgentsRepo(db), holdings: tokens, ai: deps.ai });
  // Keys: "agentId" (its row) or "agentId:userId" (a conversation with it).
  // A stored reply is already in this node's conversation cache: only the others drop it.
  agents.onChanged = ({ agentId, userId }) =>
    bus.publish("agents", [userId ? `${agentId}:${userId}` : agentId], { here: userId === undefined });
  bus.on("agents", (keys) => {
    for (const key of keys) {
      const [agentId = "", userId] = key.split(":");
      agents.forget({ agentId, userId });
    }
  });
  bus.on("tokens", (userIds) => agents.forgetTokensOf(userIds));
  // The bus (re)connected, or another node could not send for a while: notices may have been
  // missed, so every cache the bus covers is dropped.
  bus.onResync(() => {
    sessions.forgetAll();
    accountsRepo.forgetWallets(null);
    tokensRepo.forget(null);
    indexer.dropAllCached();
    explore.forgetAll();
    analyticsVersions.bumpAll();
    marketRepo.versions.bumpAll();
    trust?.forgetAll();
    agents.forgetAll();
    rewardsRepo.forgetRewards();
  });
  const marketStates = market;
  const rewardDrafts = new RewardDraftService({
    ai: deps.ai,
    tokens,
    indexer,
    notFans: async (mint, creatorUserId) => {
      const [own, spot] = await Promise.all([accountsRepo.walletsOf(creatorUserId), marketStates.spot(mint)]);
      return new Set([...own.map((w) => w.publicKey), ...(spot ? [spot.vault] : [])]);
    },
    now,
  });
  const health = new HealthService({
    database: deps.database,
    ledger,
    indexer,
    rewardSponsor,
    rewardAutoMinter: autoMinter,
    creatorFeePayouts: feePayouts,
    leadership,
    bus,
  });
  const rpc = new RpcService(ledger);
  const analyticsRepo = new AnalyticsRepo(db);
  const analytics = new AnalyticsService({
    repo: analyticsRepo,
    tokens,
    indexer,
    explore,
    versions: analyticsVersions,
    trust,
    transfersWritten: () => tokensRepo.transfersWritten(),
    now,
  });
  const community = new CommunityService({ repo: analyticsRepo, tokens, transfers });

  const routes: FastifyPluginAsync[] = [];
  routes.push(healthRoutes(health));
  routes.push(accountsRoutes(accounts, config.PUBLIC_URL));
  routes.push(walletsRoutes(wallets, accounts));
  routes.push(tokensRoutes({ tokens, launches, transfers, ledger, publicUrl }));
  routes.push(marketRoutes({ market, trades, opens }));
  routes.push(trustRoutes({ trust, locks }));
  routes.push(aiRoutes(ai));
  routes.push(agentsRoutes(agents, config.AGENT_CHAT_PER_MINUTE));
  routes.push(rewardDraftRoutes(rewardDrafts));
  routes.push(siteRoutes(site));
  routes.push(exploreRoutes(explore));
  routes.push(marketHistoryRoutes(marketHistory));
  routes.push(marketLiveRoutes(marketLive));
  routes.push(rewardsRoutes(rewards));
  routes.push(rpcRoutes(rpc, ledger, { limits }));
  routes.push(analyticsRoutes({ analytics, community }));
  /** Writes still queued behind responses (launch confirmations), for a clean shutdown. */
  const flushWrites = () => tokensRepo.flush();
  return {
    limits,
    sessions,
    accounts,
    wallets,
    tokens,
    launches,
    transfers,
    market,
    trades,
    opens,
    feePayouts,
    marketLive,
    agents,
    explore,
    indexer,
    analytics,
    trust,
    rewards,
    rewardMinter,
    rewardAutoMinter: autoMinter,
    rewardSponsor,
    leadership,
    bus,
    busTransport,
    routes,
    pageHtml,
    flushWrites,
  };
}

export type Services = ReturnType<typeof createServices>;

/** How change notices reach the other API nodes: Redis pub/sub when REDIS_URL is set, else
 * PostgreSQL LISTEN/NOTIFY; none on PGlite (one process's alone: in-process only). */
function changeTransport(deps: AppDeps, warn: (message: string) => void): BusTransport | null {
  const { newSession, kind } = deps.database;
  if (kind !== "postgres" || !newSession) return null;
  if (deps.config.REDIS_URL)
    return new RedisTransport(deps.config.REDIS_URL, deps.config.REDIS_KEY_PREFIX, warn);
  return new PostgresTransport(newSession, warn);
}
