import { formatAmount, shareOfSupply } from "@shared/amounts";
import { holderFigures, nonHolders } from "@shared/holders";
import { holdingValueLamports, priceText } from "@shared/market/price";
import type { Holding } from "@shared/schemas/portfolio";
import { type TokenBalance, TokenDetailsSchema } from "@shared/schemas/token";
import { notFound } from "../../http-errors";
import { mintSupplyOf, tokenAmountOf } from "../../ledger/layouts";
import type { Ledger, TokenHolding } from "../../ledger/ledger";
import { associatedTokenAddress } from "../../ledger/token-2022";
import { BoundedCache } from "../../lib/bounded-cache";
import { compareText } from "../../lib/compare-text";
import { KeyVersions } from "../../lib/key-versions";
import { sortedPosition } from "../../lib/sorted-position";
import type { AccountsRepo, WalletRow } from "../accounts/accounts.repo";
import type { IndexerService } from "../indexer/indexer.service";
import { type MarketVersions, MintCache } from "../market/market-versions";
import { tokenImageSvg } from "./token-image";
import { presentToken } from "./token-presenter";
import type { TokenRow, TokensRepo } from "./tokens.repo";

interface Deps {
  repo: TokensRepo;
  accountsRepo: AccountsRepo;
  ledger: Ledger;
  /** Holders come from the chain indexer instead of a scan of the mint's accounts. */
  indexer: Pick<IndexerService, "ownerBalances" | "ownCommitsIndexed" | "holdersVersion">;
  /** Moved by every write of a mint's market row, on any node: the vault read is kept until. */
  marketVersions: MarketVersions;
}

/** Holders listed on a token page (all of them are counted). */
const HOLDERS_LISTED = 50;

interface PresentedList {
  rows: TokenRow[];
  /** The user's list version it was made at (see `listVersions`). */
  listV: number;
  json: Buffer;
}

/** One token's entry in a portfolio list, with the chain facts it shows (null: not launched)
 * and the list version at which they were last known to hold. */
interface ListedPart {
  fact: ChainFact | null;
  listV: number;
  json: Buffer;
}

const LIST_OPEN = Buffer.from("[");
const LIST_COMMA = Buffer.from(",");
const LIST_CLOSE = Buffer.from("]");

/** What a user's wallets hold by mint, with the holdings it was summed from. */
interface HeldByMint {
  wallets: WalletRow[];
  perWallet: readonly (readonly TokenHolding[])[];
  byMint: Map<string, { units: bigint; decimals: number }>;
}

/** A launched token's circulating supply (its supply minus what the creator's token account
 * and its market's vault hold: tokens still on the curve are for sale, not in anyone's hands),
 * with the versions of the accounts it was read from. */
interface ChainFact {
  mint: string;
  ata: string;
  mintV: number;
  ataV: number;
  /** The market vault's token account (null without a market). */
  vaultAta: string | null;
  vaultV: number;
  value: bigint | null;
}

/** Reading tokens: portfolios, public pages, balances. Chain facts come from the ledger. */
/** A token's curve price now (nano-lamports per whole token), null without a market. */
export type SpotPrice = (mint: string) => Promise<{ priceNano: bigint } | null>;

export class TokensService {
  /** Set once the market exists (it is made after this service): values holdings. */
  spotPrice: SpotPrice = async () => null;
  private presented = new BoundedCache<string, PresentedList>({ max: 10_000 });
  /** Each user's holdings by mint, and balances list, kept while their inputs are the same. */
  private held = new BoundedCache<string, HeldByMint>({ max: 10_000 });
  private balances = new BoundedCache<string, { held: HeldByMint; rowsV: number; json: Buffer }>({
    max: 10_000,
  });
  /** Creators shown on token pages: immutable (a user row is never rewritten). */
  private creators = new BoundedCache<string, { username: string | null; isDemo: boolean } | null>({
    max: 10_000,
  });

  /** Public token pages as JSON, with the versions they were made at (see publicViewJson):
   * chain facts by the ledger's commits (every node's transactions go through the one ledger
   * that has them), holders by the indexer's version (moved by the change bus on every node). */
  private pages = new BoundedCache<
    string,
    { ata: string; mintV: number; ataV: number; holdersV: number; json: Buffer }
  >({ max: 20_000 });
  /** Accounts token pages were read from (each page's mint and its creator's token account),
   * moved on every commit that names them; null without commit notices (a remote chain). */
  private accountVersions: Map<string, number> | null = null;
  private accountChanges = 0;
  /** Circulating supply by mint, kept until a commit names the mint or the creator's token
   * account (portfolios list every token of a creator: before, any commit anywhere made each
   * one read all of them from the chain again). */
  private circulatingByMint = new BoundedCache<string, ChainFact>({ max: 100_000 });
  /** Each token's portfolio entry by row (a row is never changed in place: a write makes a new
   * one): a list is joined from them, so one change re-presents one token. */
  private listedParts = new WeakMap<TokenRow, ListedPart>();
  /** Per creator, moved by every commit naming an account their tokens' figures were read from
   * (`accountUsers`, filled by `track`): a portfolio read checks one number, not every token. */
  private listVersions = new KeyVersions();
  private accountUsers = new Map<string, string>();

  /** Each mint's market vault (null: no market), kept while its market row is unchanged: a
   * token page rebuilt on every change of holders must not wait on the database for it. */
  private readonly vaults: MintCache<string | null>;

  constructor(private deps: Deps) {
    this.vaults = new MintCache(deps.marketVersions, { max: 100_000 });
    if (deps.ledger.onCommit) {
      const versions = new Map<string, number>();
      this.accountVersions = versions;
      // A transaction that changes an account names it writable: a commit writing none of a
      // page's accounts leaves its chain facts (supply, authorities, metadata, circulating) as
      // they were.
      deps.ledger.onCommit((tx) => {
        for (const account of tx.writable)
          if (versions.has(account)) {
            versions.set(account, ++this.accountChanges);
            const user = this.accountUsers.get(account);
            if (user) this.listVersions.bump(user);
          }
      });
    }
  }

  /** The public token page as UTF-8 JSON (checked against its schema once), kept until a
   * commit names its mint or its creator's token account, or the indexer writes its holders.
   * A signed-in reader's own commits of this mint are indexed first (read-your-writes): the
   * wallets that sent a transfer or a trade see it in the holders at once. */
  async publicViewJson(mint: string, readerId: string | null = null): Promise<Buffer> {
    const versions = this.accountVersions;
    const { indexer } = this.deps;
    if (readerId) await this.readerIndexed(mint, readerId);
    if (!versions) return Buffer.from(JSON.stringify(TokenDetailsSchema.parse(await this.publicView(mint))));
    const hit = this.pages.get(mint);
    if (hit && this.current({ mint, ...hit }) && hit.holdersV === indexer.holdersVersion(mint))
      return hit.json;
    const row = await this.getByMint(mint);
    const ata = associatedTokenAddress(row.creatorWallet, mint);
    const read = { mint, ata, mintV: this.track(mint, row.userId), ataV: this.track(ata, row.userId) };
    const holdersV = indexer.holdersVersion(mint);
    const json = Buffer.from(JSON.stringify(TokenDetailsSchema.parse(await this.publicView(mint))));
    // Kept only for a launched token, and only if nothing moved while it was read.
    if (row.status === "active" && this.current(read) && indexer.holdersVersion(mint) === holdersV)
      this.pages.set(mint, { ata, mintV: read.mintV, ataV: read.ataV, holdersV, json });
    return json;
  }

  /** Read-your-writes for holdings: resolves once the commits of this mint that name one of the
   * reader's wallets are indexed (at most 2 s), so a trade or transfer just made counts. */
  async readerIndexed(mint: string, readerId: string): Promise<void> {
    const wallets = await this.deps.accountsRepo.walletsOf(readerId);
    await this.deps.indexer.ownCommitsIndexed(
      2_000,
      mint,
      wallets.map((w) => w.publicKey),
    );
  }

  /** A creator's tokens as UTF-8 JSON, serialized and encoded once per change: the portfolio
   * is the most read endpoint, and a creator with many tokens makes a large document. */
  async listJsonForUser(userId: string): Promise<Buffer> {
    return (await this.presentedList(userId)).json;
  }

  private async presentedList(userId: string): Promise<PresentedList> {
    // Taken first: a commit while the list is read moves it, and the next read looks again.
    const listV = this.listVersions.of(userId);
    // The repo keeps the list, and hands back the same array until a write changes it.
    const rows = await this.deps.repo.ofUser(userId);
    const hit = this.presented.get(userId);
    if (hit && hit.rows === rows && hit.listV === listV) return hit;
    // A launch adds a row and a transfer moves one token's figures: the other tokens' entries
    // are reused as they were, so a creator with hundreds of tokens costs what changed.
    const parts = rows.map((row) => this.keptPart(row, listV));
    const stale = rows.filter((_, i) => !parts[i]);
    if (stale.length) {
      const facts = await this.circulatingMany(stale);
      let next = 0;
      parts.forEach((part, i) => {
        if (part) return;
        parts[i] = this.listedPart(rows[i] as TokenRow, facts[next++] ?? null, listV);
      });
    }
    const pieces: Buffer[] = [LIST_OPEN];
    parts.forEach((part, i) => {
      if (i > 0) pieces.push(LIST_COMMA);
      if (part) pieces.push(part.json);
    });
    pieces.push(LIST_CLOSE);
    const entry: PresentedList = { rows, listV, json: Buffer.concat(pieces) };
    // Kept where commits are heard (embedded; devnet reads the chain each time).
    if (this.accountVersions) this.presented.set(userId, entry);
    return entry;
  }

  /** A token's list entry as last presented, if it still holds: a row not launched never
   * changes (its launch writes a new row); a launched one holds while no commit named the
   * accounts its figures came from. */
  private keptPart(row: TokenRow, listV: number): ListedPart | undefined {
    const part = this.listedParts.get(row);
    if (!part) return undefined;
    if (!part.fact || part.listV === listV) return part;
    if (!this.current(part.fact)) return undefined;
    part.listV = listV;
    return part;
  }

  private listedPart(row: TokenRow, fact: ChainFact | null, listV: number): ListedPart {
    const json = Buffer.from(JSON.stringify(presentToken(row, this.deps.ledger.info, fact?.value ?? null)));
    const part = { fact, listV, json };
    // Kept where commits are heard; a launched row without facts (not read yet) is not.
    if (this.accountVersions && (row.status !== "active" || (fact && this.current(fact))))
      this.listedParts.set(row, part);
    return part;
  }

  /** Supply on chain minus what the creator's wallet and the market's vault still hold. */
  async circulating(row: TokenRow): Promise<bigint | null> {
    const [fact] = await this.circulatingMany([row]);
    return fact?.value ?? null;
  }

  /** The same for many tokens: what no commit moved since it was read is reused, the rest read
   * in one ledger request (mints, creator accounts and vault accounts together). Null for a
   * token not launched. */
  private async circulatingMany(rows: TokenRow[]): Promise<Array<ChainFact | null>> {
    const facts = new Map<string, ChainFact>();
    const stale: TokenRow[] = [];
    for (const row of rows) {
      if (row.status !== "active" || facts.has(row.mintAddress)) continue;
      const hit = this.circulatingByMint.get(row.mintAddress);
      if (hit && this.current(hit)) facts.set(row.mintAddress, hit);
      else stale.push(row);
    }
    if (stale.length) {
      const { repo } = this.deps;
      const vaults = await Promise.all(
        stale.map((r) => this.vaults.get(r.mintAddress, "vault", () => repo.marketVault(r.mintAddress))),
      );
      const reads = stale.map((row, i) => {
        const mint = row.mintAddress;
        const ata = associatedTokenAddress(row.creatorWallet, mint);
        const vault = vaults[i];
        const vaultAta = vault ? associatedTokenAddress(vault, mint) : null;
        return {
          mint,
          ata,
          vaultAta,
          mintV: this.track(mint, row.userId),
          ataV: this.track(ata, row.userId),
          vaultV: vaultAta ? this.track(vaultAta, row.userId) : -1,
        };
      });
      const accounts = await this.deps.ledger.getMultipleAccounts([
        ...reads.map((r) => r.mint),
        ...reads.map((r) => r.ata),
        ...reads.flatMap((r) => (r.vaultAta ? [r.vaultAta] : [])),
      ]);
      const tokensIn = (account: (typeof accounts)[number] | undefined) =>
        account ? (tokenAmountOf(account.data) ?? 0n) : 0n;
      let nextVault = 2 * reads.length;
      reads.forEach((r, i) => {
        const mint = accounts[i];
        const supply = mint ? mintSupplyOf(mint.data) : null;
        const held = tokensIn(accounts[reads.length + i]);
        const onCurve = r.vaultAta ? tokensIn(accounts[nextVault++]) : 0n;
        const fact = { ...r, value: supply === null ? null : supply - held - onCurve };
        facts.set(r.mint, fact);
        // Kept only if no commit named any of the accounts while they were read.
        if (this.current(fact)) this.circulatingByMint.set(r.mint, fact);
      });
    }
    return rows.map((r) => (r.status === "active" ? (facts.get(r.mintAddress) ?? null) : null));
  }

  /** An account's commit version, watched from now on; -1 without commit notices. `creator`:
   * whose token's figures it gives (their portfolio list moves with it). */
  private track(account: string, creator: string): number {
    const versions = this.accountVersions;
    if (!versions) return -1;
    let v = versions.get(account);
    if (v === undefined) {
      // Bounded: past it every account is watched afresh (what was kept is read again once).
      if (versions.size >= 200_000) {
        versions.clear();
        this.accountUsers.clear();
        this.listVersions.bumpAll();
      }
      v = ++this.accountChanges;
      versions.set(account, v);
      this.accountUsers.set(account, creator);
    }
    return v;
  }

  /** Whether no commit named these accounts since they were read (never, without notices). */
  private current(
    fact: Pick<ChainFact, "mint" | "ata" | "mintV" | "ataV"> &
      Partial<Pick<ChainFact, "vaultAta" | "vaultV">>,
  ): boolean {
    const versions = this.accountVersions;
    return (
      !!versions &&
      versions.get(fact.mint) === fact.mintV &&
      versions.get(fact.ata) === fact.ataV &&
      (!fact.vaultAta || versions.get(fact.vaultAta) === fact.vaultV)
    );
  }

  /** Every read by mint goes through here: token pages, metadata, balances, agents (the
   * repository keeps launched rows). */
  async getByMint(mint: string) {
    const row = await this.deps.repo.byMint(mint);
    if (!row || row.status === "failed") throw notFound("Token not found");
    return row;
  }

  private async creatorOf(userId: string) {
    const hit = this.creators.get(userId);
    if (hit !== undefined) return hit;
    const user = await this.deps.accountsRepo.userById(userId);
    const creator = user && { username: user.username, isDemo: user.isDemo };
    if (creator) this.creators.set(userId, creator);
    return creator;
  }

  /** The market version of a mint, to hand to `launchedWithoutMarket` once it is launched. */
  marketVersion(mint: string): number {
    return this.deps.marketVersions.of(mint);
  }

  /** A token this node just launched, with no market: what the launch itself tells, kept so
   * the creator's next portfolio read does not ask the database and the ledger for it. It
   * has no vault (as of `marketVersion`, taken before its row was written: a market opened
   * since has moved it) and nothing circulates (the whole supply is its creator's; the
   * launch's commit notice came before its answer, so the next commit naming the mint or the
   * creator's account is a later one, and drops this). */
  launchedWithoutMarket(row: TokenRow, marketVersion: number): void {
    this.vaults.keep(row.mintAddress, "vault", marketVersion, null);
    if (!this.accountVersions) return;
    const ata = associatedTokenAddress(row.creatorWallet, row.mintAddress);
    const fact = {
      mint: row.mintAddress,
      ata,
      mintV: this.track(row.mintAddress, row.userId),
      ataV: this.track(ata, row.userId),
      vaultAta: null,
      vaultV: -1,
      value: 0n,
    };
    this.circulatingByMint.set(row.mintAddress, fact);
  }

  /** The vault of the mint's market (any status), null without one. */
  marketVault(mint: string): Promise<string | null> {
    return this.vaults.get(mint, "vault", () => this.deps.repo.marketVault(mint));
  }

  /** The public token page: our record, the creator, and what the chain says. Holders are
   * the indexer's (one per owner, all its token accounts summed), counted as everywhere else:
   * the market's vault and burn addresses are not holders (shared/holders.ts). */
  async publicView(mint: string) {
    const row = await this.getByMint(mint);
    const { ledger, indexer } = this.deps;
    const owners = async () => {
      const vault = await this.marketVault(mint);
      const read = await indexer.ownerBalances(mint, { limit: HOLDERS_LISTED, lookup: nonHolders(vault) });
      return { vault, read };
    };
    // The chain reads leave together (one message to the ledger's thread, decision 014).
    const [creator, chain, held, circulating] = await Promise.all([
      this.creatorOf(row.userId),
      row.status === "active" ? ledger.getMint(mint) : null,
      row.status === "active" ? owners() : null,
      this.circulating(row),
    ]);
    const figures =
      held && holderFigures({ ...held.read, mintSupply: chain?.supply ?? 0n }, held.vault, HOLDERS_LISTED);
    const token = presentToken(row, ledger.info, circulating);
    return {
      token,
      creator: { username: creator?.username ?? null, isDemo: creator?.isDemo ?? false },
      chain: chain && {
        supply: formatAmount(chain.supply, chain.decimals),
        decimals: chain.decimals,
        mintAuthority: chain.mintAuthority,
        freezeAuthority: chain.freezeAuthority,
        programId: chain.programId,
        metadata: chain.metadata && {
          name: chain.metadata.name,
          symbol: chain.metadata.symbol,
          uri: chain.metadata.uri,
          additionalMetadata: Object.fromEntries(chain.metadata.additionalMetadata),
        },
      },
      holders: (figures?.top ?? []).map((h) => ({
        owner: h.owner,
        amount: formatAmount(h.balance, row.decimals),
        share: shareOfSupply(h.balance, figures?.supply ?? 0n),
      })),
      holderCount: figures?.holders ?? 0,
    };
  }

  /** The standard off-chain metadata JSON the on-chain `uri` points to. Without an image of
   * the creator's own, it names the token's default image. */
  async metadataJson(mint: string, publicUrl: string) {
    const row = await this.getByMint(mint);
    const image = row.imageUrl || `${publicUrl}/api/tokens/${row.mintAddress}/image.svg`;
    return {
      name: row.name,
      symbol: row.symbol,
      description: row.description,
      image,
      external_url: row.website || `${publicUrl}/token/${row.mintAddress}`,
      attributes: row.tagline ? [{ trait_type: "tagline", value: row.tagline }] : [],
      properties: {
        category: "image",
        files: [{ uri: image, ...(row.imageUrl ? {} : { type: "image/svg+xml" }) }],
      },
    };
  }

  /** The default image of a platform token (see token-image.ts). */
  async imageSvg(mint: string): Promise<string> {
    return tokenImageSvg((await this.getByMint(mint)).symbol);
  }

  /** Base units of `mint` across all the user's wallets, read from the chain. */
  async balanceUnits(userId: string, mint: string): Promise<bigint> {
    const wallets = await this.deps.accountsRepo.walletsOf(userId);
    const atas = wallets.map((w) => associatedTokenAddress(w.publicKey, mint));
    const accounts = await this.deps.ledger.getMultipleAccounts(atas);
    return accounts.reduce((sum, a) => sum + (a ? (tokenAmountOf(a.data) ?? 0n) : 0n), 0n);
  }

  /** The user's wallets and each one's token accounts (ordered by mint), read from the chain. */
  private async holdingsPerWallet(userId: string) {
    const wallets = await this.deps.accountsRepo.walletsOf(userId);
    const perWallet = await Promise.all(
      wallets.map((w) => this.deps.ledger.getTokenAccountsByOwner(w.publicKey)),
    );
    return { wallets, perWallet };
  }

  /** What each of the user's wallets holds, by mint, read from the chain. The same answer
   * while the ledger hands back the same holdings (kept reads answer with one array per owner
   * until a commit moves one of its accounts): a fan holding hundreds of tokens does not pay
   * for all of them on every balances read. */
  private async heldByMint(userId: string): Promise<HeldByMint> {
    const { wallets, perWallet } = await this.holdingsPerWallet(userId);
    const hit = this.held.get(userId);
    if (hit && hit.wallets === wallets && hit.perWallet.every((list, i) => list === perWallet[i])) return hit;
    const byMint = new Map<string, { units: bigint; decimals: number }>();
    for (const holdings of perWallet)
      for (const h of holdings) {
        const entry = byMint.get(h.mint);
        if (entry) entry.units += h.amount;
        else byMint.set(h.mint, { units: h.amount, decimals: h.decimals });
      }
    const held: HeldByMint = { wallets, perWallet, byMint };
    if (this.accountVersions) this.held.set(userId, held);
    return held;
  }

  /** The launched platform tokens among them that the user holds some of, with our record. */
  private async heldPlatformTokens(userId: string, known?: HeldByMint) {
    const { wallets, perWallet, byMint } = known ?? (await this.heldByMint(userId));
    const rows = await this.deps.repo.byMints(
      [...byMint].filter(([, h]) => h.units > 0n).map(([mint]) => mint),
    );
    const held = rows.flatMap((row) => {
      const holding = byMint.get(row.mintAddress);
      return row.status === "active" && holding ? [{ row, holding }] : [];
    });
    return { wallets, perWallet, held };
  }

  /** Base units the user's wallets hold of each of these mints (what unlocks agents): a fan
   * holding hundreds of tokens costs a few steps per agent (unitsIn). */
  async unitsOf(userId: string, mints: readonly string[]): Promise<Map<string, bigint>> {
    const { perWallet } = await this.holdingsPerWallet(userId);
    const units = new Map<string, bigint>();
    for (const mint of new Set(mints)) {
      const sum = perWallet.reduce((total, holdings) => total + unitsIn(holdings, mint), 0n);
      if (sum > 0n) units.set(mint, sum);
    }
    return units;
  }

  /** Every platform token the user's wallets hold (embedded and external alike), with the
   * share of supply and which wallet holds it: a fan's portfolio. */
  async holdingsForUser(userId: string): Promise<Holding[]> {
    const { wallets, perWallet, held } = await this.heldPlatformTokens(userId);
    const mints = await this.deps.ledger.getMultipleAccounts(held.map(({ row }) => row.mintAddress));
    const kinds = new Map(wallets.map((w) => [w.publicKey, w.kind]));
    // Valued here, in one answer: the dashboard asked the market once per token held.
    const spots = await Promise.all(held.map(({ row }) => this.spotPrice(row.mintAddress)));
    const out: Holding[] = [];
    for (const [i, { row, holding }] of held.entries()) {
      const mint = mints[i];
      const supply = (mint && mintSupplyOf(mint.data)) ?? 0n;
      const spot = spots[i] ?? null;
      out.push({
        mint: row.mintAddress,
        name: row.name,
        symbol: row.symbol,
        decimals: holding.decimals,
        balance: formatAmount(holding.units, holding.decimals),
        supply: formatAmount(supply, holding.decimals),
        share: shareOfSupply(holding.units, supply),
        url: `/token/${row.mintAddress}`,
        priceLamports: spot ? priceText(spot.priceNano) : null,
        valueLamports: spot
          ? holdingValueLamports(holding.units, holding.decimals, spot.priceNano).toString()
          : null,
        launchedByYou: row.userId === userId,
        wallets: wallets.flatMap((wallet, w) => {
          const units = unitsIn(perWallet[w] ?? [], row.mintAddress);
          return units > 0n
            ? [
                {
                  address: wallet.publicKey,
                  kind: kinds.get(wallet.publicKey) ?? "external",
                  balance: formatAmount(units, holding.decimals),
                },
              ]
            : [];
        }),
      });
    }
    return out.sort((a, b) => a.symbol.localeCompare(b.symbol));
  }

  /** The platform tokens the user's wallets hold, named from our records: what gating reads
   * (GET /api/user/token-balances). Other mints are left out: a reward NFT carries its token's
   * symbol and anyone can mint a look-alike elsewhere, so a list by symbol must not show them. */
  async balancesJsonForUser(userId: string): Promise<Buffer> {
    // Kept, serialized, while the holdings and the user's own launches are unchanged (a launch
    // confirmed after its commit turns a held mint into a listed token without moving them).
    const rowsV = this.deps.repo.versionOf(userId);
    const held = await this.heldByMint(userId);
    const hit = this.balances.get(userId);
    if (hit && hit.held === held && hit.rowsV === rowsV) return hit.json;
    const { held: platform } = await this.heldPlatformTokens(userId, held);
    const list = platform
      .map(({ row, holding }) => ({
        symbol: row.symbol,
        name: row.name,
        balance: formatAmount(holding.units, holding.decimals),
        mint: row.mintAddress,
        decimals: holding.decimals,
      }))
      .sort((a, b) => compareText(a.symbol, b.symbol));
    const json = Buffer.from(JSON.stringify(list satisfies TokenBalance[]));
    if (this.accountVersions) this.balances.set(userId, { held, rowsV, json });
    return json;
  }
}

/** What a wallet's holdings (ordered by mint) hold of `mint`: its accounts found by binary
 * search, not a pass over everything it holds. */
function unitsIn(holdings: readonly TokenHolding[], mint: string): bigint {
  let units = 0n;
  for (
    let i = sortedPosition(holdings, (h) => compareText(h.mint, mint) < 0);
    holdings[i]?.mint === mint;
    i++
  )
    units += holdings[i]?.amount ?? 0n;
  return units;
}
