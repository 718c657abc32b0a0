// Shares and their display are the ones every holder figure uses (holders.ts).
import { formatConcentration as percent, shareBps } from "../holders";
import type { ChecklistItem, TrustBand, TrustCap, TrustFactor, TrustReport } from "../schemas/trust";

// The trust score's formula (docs/trust.md), pure: facts about a mint in, integer points out.
// Higher is safer. Each factor earns 0..maxPoints from one fact a fan can check on chain; the
// sum is held down by caps, the dangerous findings that no amount of good elsewhere offsets.
// Changing a threshold or a weight changes the version, so a score says which rules made it.

export const TRUST_VERSION = "2";

export interface TrustInputs {
  /** Supply counted for shares: the mint's supply less what burn addresses hold. */
  supply: bigint;
  mintAuthority: boolean;
  freezeAuthority: boolean;
  /** DefaultAccountState extension set to frozen: every new account starts frozen. */
  defaultFrozen: boolean;
  permanentDelegate: boolean;
  transferHook: boolean;
  nonTransferable: boolean;
  /** TransferFeeConfig's newer fee in basis points; null without the extension. */
  transferFeeBps: number | null;
  /** TokenMetadata in the mint: immutable (no update authority), mutable, or none there. */
  metadata: "immutable" | "mutable" | "none";
  /** Held by the ten largest holders (the curve vault and burn addresses left out). */
  top10: bigint;
  largest: bigint;
  /** Held by the creator's wallet and the top holders it funded with SOL. */
  creatorCluster: bigint;
  /** Taken in the launch window by wallets other than the creator's and the vault; null when
   * it could not be measured. */
  launchTaken: bigint | null;
  /** In the bonding curve's vault. */
  onCurve: bigint;
  hasMarket: boolean;
  ageDays: number;
  holders: number;
  /** The creator published a website or a social link with the token. */
  hasLinks: boolean;
}

export type TrustResult = Omit<TrustReport, "mint" | "computedAt" | "program" | "platform">;

/** A cap and the factor that clears it when improved (for the checklist's gains). */
interface CapFinding extends TrustCap {
  factor: string;
}

/** Full points at or below `fullAt`, none at or above `zeroAt`, straight line between, rounded down. */
function lowerIsBetter(bps: number, fullAt: number, zeroAt: number, max: number): number {
  if (bps <= fullAt) return max;
  if (bps >= zeroAt) return 0;
  return Math.floor((max * (zeroAt - bps)) / (zeroAt - fullAt));
}

/** Above this share of the supply (basis points) in the creator's wallets, the score is held
 * to CREATOR_CAP_MAX_SCORE (the create form warns before launch). */
export const CREATOR_CAP_ABOVE_BPS = 2_000;
export const CREATOR_CAP_MAX_SCORE = 60;

/** Thresholds in basis points of the supply (docs/trust.md lists them). */
const THRESHOLDS = {
  top10: { fullAt: 2_000, zeroAt: 7_000 },
  largest: { fullAt: 500, zeroAt: 3_000 },
  creator: { fullAt: 300, zeroAt: 2_000 },
  launch: { fullAt: 200, zeroAt: 2_000 },
  curveFullAt: 5_000,
  whaleCapAbove: 3_000,
  creatorCapAbove: CREATOR_CAP_ABOVE_BPS,
} as const;

export function evaluate(inputs: TrustInputs): TrustResult {
  const { factors, caps } = assess(inputs);
  return { ...totalOf(factors, caps), version: TRUST_VERSION, caps: caps.map(publicCap), factors };
}

function publicCap({ factor: _factor, ...cap }: CapFinding): TrustCap {
  return cap;
}

function totalOf(factors: TrustFactor[], caps: CapFinding[]): { score: number; band: TrustBand } {
  const sum = factors.reduce((s, f) => s + f.points, 0);
  const score = Math.max(0, Math.min(100, sum, ...caps.map((c) => c.maxScore)));
  return { score, band: bandOf(score) };
}

/** How each band reads to people. */
export const BAND_LABELS: Record<TrustBand, string> = {
  good: "Good",
  caution: "Caution",
  high_risk: "High risk",
};

export function bandOf(score: number): TrustBand {
  if (score >= 80) return "good";
  if (score >= 50) return "caution";
  return "high_risk";
}

function assess(i: TrustInputs): { factors: TrustFactor[]; caps: CapFinding[] } {
  const factors: TrustFactor[] = [];
  const caps: CapFinding[] = [];
  const add = (f: TrustFactor) => factors.push(f);

  // A. Controls: what someone could still do to holders after launch.
  add({
    key: "mint_authority",
    group: "controls",
    label: "Mint authority",
    value: i.mintAuthority ? "Live" : "Revoked",
    points: i.mintAuthority ? 0 : 15,
    maxPoints: 15,
    why: "While a mint authority lives, someone can print new tokens and dilute every holder.",
  });
  if (i.mintAuthority)
    caps.push({
      key: "live_mint_authority",
      factor: "mint_authority",
      label: "New tokens can still be minted",
      maxScore: 30,
      why: "Unlimited new supply can make every holder's share worthless at once.",
    });

  const freezes = i.freezeAuthority || i.defaultFrozen;
  add({
    key: "freeze_authority",
    group: "controls",
    label: "Freeze authority",
    value: i.freezeAuthority ? "Live" : i.defaultFrozen ? "New accounts start frozen" : "None",
    points: freezes ? 0 : 10,
    maxPoints: 10,
    why: "A freeze authority can lock any holder's tokens so they can no longer sell or send them.",
  });
  if (freezes)
    caps.push({
      key: "live_freeze_authority",
      factor: "freeze_authority",
      label: "Holders' tokens can be frozen",
      maxScore: 40,
      why: "Frozen holders cannot sell, whatever the price does.",
    });

  add({
    key: "permanent_delegate",
    group: "controls",
    label: "Permanent delegate",
    value: i.permanentDelegate ? "Present" : "None",
    points: i.permanentDelegate ? 0 : 8,
    maxPoints: 8,
    why: "A permanent delegate can move or burn tokens out of any holder's account without asking.",
  });
  if (i.permanentDelegate)
    caps.push({
      key: "permanent_delegate",
      factor: "permanent_delegate",
      label: "Tokens can be taken from any holder",
      maxScore: 30,
      why: "Whoever holds the delegate can empty any wallet of this token.",
    });

  const restricted = i.transferHook || i.nonTransferable;
  add({
    key: "transfer_rules",
    group: "controls",
    label: "Transfer rules",
    value: i.nonTransferable ? "Non-transferable" : i.transferHook ? "Transfer hook" : "Plain transfers",
    points: restricted ? 0 : 4,
    maxPoints: 4,
    why: "A transfer hook runs someone's program on every transfer and can refuse it; a non-transferable token cannot be sold.",
  });
  if (i.nonTransferable)
    caps.push({
      key: "non_transferable",
      factor: "transfer_rules",
      label: "The token cannot be transferred",
      maxScore: 20,
      why: "Nobody can sell or send a non-transferable token.",
    });

  add({
    key: "transfer_fee",
    group: "controls",
    label: "Transfer fee",
    value: i.transferFeeBps === null ? "None" : `${percent(i.transferFeeBps)} (can be changed)`,
    points: i.transferFeeBps === null ? 4 : 0,
    maxPoints: 4,
    why: "A transfer fee takes a cut of every transfer, and its authority can raise it.",
  });

  add({
    key: "metadata",
    group: "controls",
    label: "Metadata",
    value:
      i.metadata === "immutable" ? "Immutable" : i.metadata === "mutable" ? "Mutable" : "Not in the mint",
    points: i.metadata === "immutable" ? 4 : i.metadata === "none" ? 2 : 0,
    maxPoints: 4,
    why: "Mutable metadata lets the name, symbol and image change after you bought, e.g. to copy another token.",
  });

  // B. Distribution: how much of the supply few wallets could dump at once.
  const t = THRESHOLDS;
  // Shares of no supply (all of it burned, or an NFT collection's mint) say nothing: no points.
  const spread = (share: number, fullAt: number, zeroAt: number, max: number) =>
    i.supply > 0n ? lowerIsBetter(share, fullAt, zeroAt, max) : 0;
  const shown = (share: number) => (i.supply > 0n ? percent(share) : "No supply");
  const top10 = shareBps(i.top10, i.supply);
  add({
    key: "top10_share",
    group: "distribution",
    label: "Top 10 holders' share of the supply",
    value: shown(top10),
    points: spread(top10, t.top10.fullAt, t.top10.zeroAt, 15),
    maxPoints: 15,
    why: "When ten wallets hold most of the supply, a few sales can crash the price (the curve vault and burn addresses are not counted).",
  });
  const largest = shareBps(i.largest, i.supply);
  add({
    key: "largest_holder",
    group: "distribution",
    label: "Largest wallet",
    value: shown(largest),
    points: spread(largest, t.largest.fullAt, t.largest.zeroAt, 7),
    maxPoints: 7,
    why: "One wallet with a large share can move the price alone.",
  });
  if (largest > t.whaleCapAbove)
    caps.push({
      key: "whale",
      factor: "largest_holder",
      label: `One wallet holds more than ${percent(t.whaleCapAbove)}`,
      maxScore: 60,
      why: "A single seller this large can take most of the market's SOL.",
    });
  const creator = shareBps(i.creatorCluster, i.supply);
  add({
    key: "creator_share",
    group: "distribution",
    label: "Creator and creator-funded wallets",
    value: shown(creator),
    points: spread(creator, t.creator.fullAt, t.creator.zeroAt, 8),
    maxPoints: 8,
    why: "Tokens the creator holds, directly or through wallets it paid for, can be sold on the fans who bought.",
  });
  if (creator > t.creatorCapAbove)
    caps.push({
      key: "creator_cluster",
      factor: "creator_share",
      label: `The creator's wallets hold more than ${percent(t.creatorCapAbove)}`,
      maxScore: CREATOR_CAP_MAX_SCORE,
      why: "The creator could sell a large share at once.",
    });

  // C. Launch fairness.
  const taken = i.launchTaken === null ? null : shareBps(i.launchTaken, i.supply);
  add({
    key: "launch_sniping",
    group: "fairness",
    label: "Taken in the launch window",
    value: taken === null ? "Unknown" : percent(taken),
    points: taken === null ? 0 : lowerIsBetter(taken, t.launch.fullAt, t.launch.zeroAt, 10),
    maxPoints: 10,
    why: "Supply grabbed in the first minutes by undisclosed wallets (snipers, insiders) is often sold on later buyers.",
  });

  // D. Liquidity.
  const curve = shareBps(i.onCurve, i.supply);
  add({
    key: "curve_share",
    group: "liquidity",
    label: "Supply on the curve",
    value: i.hasMarket ? percent(curve) : "No market",
    points: Math.floor((10 * Math.min(curve, t.curveFullAt)) / t.curveFullAt),
    maxPoints: 10,
    why: "Tokens on the bonding curve can always be bought and sold at the curve's price; nobody can pull them.",
  });

  // E. Maturity.
  const days = Math.max(0, Math.floor(i.ageDays));
  add({
    key: "age",
    group: "maturity",
    label: "Age",
    value: days === 1 ? "1 day" : `${days} days`,
    points: days >= 7 ? 2 : days >= 1 ? 1 : 0,
    maxPoints: 2,
    why: "Most rug pulls happen in a token's first days.",
  });
  add({
    key: "holders",
    group: "maturity",
    label: "Holders",
    value: i.holders.toLocaleString("en-US"),
    points: i.holders >= 250 ? 2 : i.holders >= 25 ? 1 : 0,
    maxPoints: 2,
    why: "Many holders means many people checked it and no single exit decides the price.",
  });
  add({
    key: "links",
    group: "maturity",
    label: "Website and socials",
    value: i.hasLinks ? "Published" : "None",
    points: i.hasLinks ? 1 : 0,
    maxPoints: 1,
    why: "A creator you can find and ask is accountable for the token.",
  });

  return { factors, caps };
}

const OPEN_MARKET: Pick<ChecklistItem, "action" | "title" | "detail"> = {
  action: "open_market",
  title: "Open a market",
  detail: "Put at least half of the supply on a bonding curve so fans can always buy and sell.",
};

const ACTIONS: Record<string, Pick<ChecklistItem, "action" | "title" | "detail"> | undefined> = {
  metadata: {
    action: "lock_metadata",
    title: "Make metadata immutable",
    detail:
      "Remove the update authority on chain so the name, symbol and image can never change. This cannot be undone.",
  },
  top10_share: {
    action: "spread_supply",
    title: "Spread supply over more holders",
    detail: "Put more of the supply in fans' hands: rewards, or selling into the market.",
  },
  largest_holder: {
    action: "spread_supply",
    title: "Spread supply: no wallet above 5%",
    detail: "No single wallet should hold more than 5% of the supply.",
  },
  creator_share: {
    action: "spread_supply",
    title: "Spread supply: hold less yourself",
    detail: "Hold at most 3% yourself, counting wallets you funded.",
  },
  curve_share: {
    action: "spread_supply",
    title: "Spread supply: more on the curve",
    detail:
      "Sell more of your tokens into the market: at least half of the supply on the curve earns full points.",
  },
  links: {
    action: "edit_profile",
    title: "Add website and socials",
    detail: "Publish a website or a social link with the token so fans can find you.",
  },
  age: { action: "wait", title: "Give it time", detail: "Age earns points by itself: full at 7 days." },
  holders: { action: "wait", title: "Grow your holders", detail: "Full points at 250 holders." },
};

/** "Improve your score": each factor the creator can act on, with the points the score would
 * gain (after caps) if that factor were at its best and the caps it causes were gone. */
export function checklist(inputs: TrustInputs): ChecklistItem[] {
  const { factors, caps } = assess(inputs);
  const now = totalOf(factors, caps).score;
  const items: ChecklistItem[] = [];
  for (const f of factors) {
    const base = f.key === "curve_share" && !inputs.hasMarket ? OPEN_MARKET : ACTIONS[f.key];
    if (!base) continue;
    const improved = factors.map((g) => (g.key === f.key ? { ...g, points: g.maxPoints } : g));
    const remaining = caps.filter((c) => c.factor !== f.key);
    const after = totalOf(improved, remaining).score;
    const done = f.points === f.maxPoints;
    // No gain while another factor's cap holds the score where it is: name the strictest.
    const strictest = [...remaining].sort((a, b) => a.maxScore - b.maxScore)[0];
    const heldBackBy =
      !done && after === now && strictest && strictest.maxScore <= now ? strictest.label : null;
    items.push({ factor: f.key, ...base, gain: after - now, done, heldBackBy });
  }
  return items;
}
