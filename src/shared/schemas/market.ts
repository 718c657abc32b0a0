import { z } from "zod";
import { MARKET } from "../market/curve";
import { PRICE_TEXT } from "../market/price";
import { text } from "./text";
import { TRUST_BANDS } from "./trust";

// The market's API contract (docs/api.md). Amounts are decimal strings of BASE UNITS
// (lamports, token base units): the browser formats them, never parses floats. Prices are
// lamports per whole token as decimal strings with up to 9 fraction digits (`PriceSchema`).

/** Amounts on chain are u64. */
const U64_MAX = 2n ** 64n - 1n;

/** What an amount past what the chain can hold is told (it is a number, just too large). */
export const TOO_LARGE_MESSAGE = `Too large: amounts on chain are at most ${U64_MAX} base units`;

const baseUnits = (message = "Must be a positive whole number of base units") =>
  text()
    .trim()
    .regex(/^\d+$/, message)
    // Zod runs refinements even after the regex refused: test the digits again before BigInt.
    .refine((v) => !/^\d+$/.test(v) || /[1-9]/.test(v), message)
    .refine((v) => !/^\d+$/.test(v) || fitsU64(v), TOO_LARGE_MESSAGE);

/** Digits within a u64 (the length first: no BigInt of ten thousand nines). */
function fitsU64(digits: string): boolean {
  const significant = digits.replace(/^0+/, "");
  return significant.length <= 20 && BigInt(significant || "0") <= U64_MAX;
}
const limitUnits = (message: string) =>
  text()
    .trim()
    .regex(/^\d{1,20}$/, message);
const idempotencyKey = text().min(1, "idempotencyKey is required").max(100);

/** A price: lamports per whole token, a decimal string with up to 9 fraction digits and no
 * trailing zeros ("7412", "0.410633"): a large supply prices a token below 1 lamport.
 * src/shared/market/price.ts reads and writes it. */
export const PriceSchema = z
  .string()
  .regex(PRICE_TEXT, "A price is lamports per whole token, up to 9 decimals");

/** A wallet that bought in the launch window, with its tokens bought there (base units). */
export const LaunchBuyerSchema = z.object({
  trader: z.string(),
  tokens: z.string(),
  isCreator: z.boolean(),
  /** First funded (SOL) by the creator's wallet: an insider in all but name. */
  creatorFunded: z.boolean(),
});
export type LaunchBuyer = z.infer<typeof LaunchBuyerSchema>;

/** GET /api/market/:mint */
export const MarketStateSchema = z.object({
  mint: z.string(),
  status: z.enum(["open", "completed", "none"]),
  /** The curve's vault (operated by the platform), null when there is no market. */
  vault: z.string().nullable(),
  virtualSolReserves: z.string(),
  virtualTokenReserves: z.string(),
  realSolReserves: z.string(),
  realTokenReserves: z.string(),
  /** Tokens the curve started with. */
  initialRealTokenReserves: z.string(),
  /** The fee in force now, basis points (above 250 only in the launch window). */
  feeBps: z.number(),
  /** Lamports per whole token at the margin (a price: `PriceSchema`). */
  priceLamports: PriceSchema,
  /** Lamports per whole token when the market opened. */
  startPriceLamports: PriceSchema,
  marketCapLamports: z.string(),
  /** Share of the curve's tokens sold, 0 to 1. */
  progress: z.number(),
  curveShareBps: z.number(),
  decimals: z.number(),
  supply: z.string(),
  openedAt: z.string().nullable(),
  completedAt: z.string().nullable(),
  launchWindowEndsAt: z.string().nullable(),
  /** The creator's disclosed buy at launch, base units. */
  creatorBuyTokens: z.string(),
  feesCreatorLamports: z.string(),
  feesPlatformLamports: z.string(),
  /** Creator fees the creator's wallet could not receive (below the rent-exempt minimum):
   * held by the treasury and owed to the creator. Included in feesCreatorLamports. */
  feesCreatorOwedLamports: z.string(),
  /** Who bought in the launch window: the sniper check, in the open. */
  launchWindow: z.object({
    /** By every launch buyer. */
    tokensBought: z.string(),
    /** tokensBought / supply, 0 to 1. */
    shareOfSupply: z.number(),
    /** Every wallet that bought in the window. */
    buyerCount: z.number().int(),
    /** The 10 largest (most tokens, then address); every one: GET /api/market/:mint/launch-buyers. */
    buyers: z.array(LaunchBuyerSchema),
  }),
});
export type MarketState = z.infer<typeof MarketStateSchema>;

/** GET /api/market/:mint/launch-buyers */
export const LaunchBuyersQuerySchema = z.object({
  cursor: text().max(200, "Invalid cursor").optional(),
  limit: z.coerce.number().int("limit must be a whole number").min(1).max(100).default(50),
});
export const LaunchBuyersPageSchema = z.object({
  buyers: z.array(LaunchBuyerSchema),
  nextCursor: z.string().nullable(),
});
export type LaunchBuyersPage = z.infer<typeof LaunchBuyersPageSchema>;

/** GET /api/market/:mint/quote: exactly one amount, by side. */
export const QuoteQuerySchema = z
  .object({
    side: z.enum(["buy", "sell"], { message: "side must be buy or sell" }),
    solIn: baseUnits().optional(),
    tokensOut: baseUnits().optional(),
    tokensIn: baseUnits().optional(),
  })
  .superRefine((q, ctx) => {
    const given = [q.solIn, q.tokensOut, q.tokensIn].filter((v) => v !== undefined).length;
    const fits =
      q.side === "buy" ? q.tokensIn === undefined : q.solIn === undefined && q.tokensOut === undefined;
    if (given !== 1 || !fits)
      ctx.addIssue({
        code: "custom",
        message: "Ask for a buy with solIn or tokensOut, or a sell with tokensIn",
        path: ["side"],
      });
  });
export type QuoteQuery = z.infer<typeof QuoteQuerySchema>;

export const QuoteSchema = z.object({
  side: z.enum(["buy", "sell"]),
  /** Buy: everything the buyer pays, fee included. */
  solIn: z.string().optional(),
  /** Sell: what the seller receives, fee taken. */
  solOut: z.string().optional(),
  tokensOut: z.string().optional(),
  tokensIn: z.string().optional(),
  fee: z.string(),
  feeBps: z.number(),
  priceImpactBps: z.number(),
  /** Spot price after this trade, lamports per whole token. */
  priceAfterLamports: PriceSchema,
  expiresAt: z.string(),
});
export type Quote = z.infer<typeof QuoteSchema>;

/** POST /api/market/:mint/buy (and .../buy/prepare): by SOL in, or by tokens out. One object
 * rather than a union, so a missing or mistyped field is named, and a body mixing both forms
 * is refused rather than read as one of them with the other's limit dropped. */
export const BuyRequestSchema = z
  .object({
    solIn: baseUnits("Enter how much SOL to spend").optional(),
    minTokensOut: limitUnits("minTokensOut must be a whole number of base units").optional(),
    tokensOut: baseUnits("Enter how many tokens to buy").optional(),
    maxSolIn: limitUnits("maxSolIn must be a whole number of base units").optional(),
    idempotencyKey,
  })
  .superRefine((b, ctx) => {
    const missing = (path: string, message: string) =>
      ctx.addIssue({ code: "custom", message, path: [path] });
    const bySol = b.solIn !== undefined || b.minTokensOut !== undefined;
    if (bySol && (b.tokensOut !== undefined || b.maxSolIn !== undefined))
      missing("solIn", "Buy with solIn and minTokensOut, or with tokensOut and maxSolIn, not both");
    else if (!bySol && b.tokensOut === undefined && b.maxSolIn === undefined)
      missing("solIn", "Enter how much SOL to spend");
    else if (bySol) {
      if (b.solIn === undefined) missing("solIn", "Enter how much SOL to spend");
      if (b.minTokensOut === undefined)
        missing("minTokensOut", "minTokensOut must be a whole number of base units");
    } else {
      if (b.tokensOut === undefined) missing("tokensOut", "Enter how many tokens to buy");
      if (b.maxSolIn === undefined) missing("maxSolIn", "maxSolIn must be a whole number of base units");
    }
  })
  .transform(
    (
      b,
    ):
      | { solIn: string; minTokensOut: string; idempotencyKey: string }
      | {
          tokensOut: string;
          maxSolIn: string;
          idempotencyKey: string;
        } =>
      b.solIn !== undefined
        ? { solIn: b.solIn, minTokensOut: b.minTokensOut ?? "", idempotencyKey: b.idempotencyKey }
        : { tokensOut: b.tokensOut ?? "", maxSolIn: b.maxSolIn ?? "", idempotencyKey: b.idempotencyKey },
  );
export type BuyRequest = z.infer<typeof BuyRequestSchema>;

/** POST /api/market/:mint/sell (and .../sell/prepare) */
export const SellRequestSchema = z.object({
  tokensIn: baseUnits("Enter how many tokens to sell"),
  minSolOut: limitUnits("minSolOut must be a whole number of base units"),
  idempotencyKey,
});
export type SellRequest = z.infer<typeof SellRequestSchema>;

export const TradeResultSchema = z.object({
  tradeId: z.string(),
  signature: z.string(),
  side: z.enum(["buy", "sell"]),
  solIn: z.string().optional(),
  solOut: z.string().optional(),
  tokensOut: z.string().optional(),
  tokensIn: z.string().optional(),
  fee: z.string(),
});
export type TradeResult = z.infer<typeof TradeResultSchema>;

/** .../buy/prepare and .../sell/prepare: the trade for an external wallet to sign (the vault
 * signs after the wallet, at submit). */
export const PreparedTradeSchema = TradeResultSchema.omit({ signature: true }).extend({
  /** base64 wire transaction, unsigned: the wallet adds its signature. */
  transaction: z.string(),
  expiresAt: z.string(),
});
export type PreparedTrade = z.infer<typeof PreparedTradeSchema>;

/** POST /api/market/:mint/submit */
export const SubmitTradeSchema = z.object({
  tradeId: text().min(1, "tradeId is required").max(64),
  transaction: text().min(1, "Sign the transaction with your wallet").max(4000),
});

const curveShare = z
  .number({ message: "Choose the share of supply for the curve" })
  .int()
  .min(MARKET.minCurveShareBps, `At least ${MARKET.minCurveShareBps / 100}% of the supply goes on the curve`)
  .max(MARKET.maxCurveShareBps, "At most the whole supply goes on the curve");

/** `market` on POST /api/tokens/create and .../prepare. */
export const LaunchMarketSchema = z.object({
  curveShareBps: curveShare.default(MARKET.defaultCurveShareBps),
  /** The creator's own buy right after the market opens (capped, disclosed). */
  creatorBuyLamports: limitUnits("creatorBuyLamports must be a whole number of lamports")
    .refine((v) => !/^\d+$/.test(v) || fitsU64(v), TOO_LARGE_MESSAGE)
    .optional(),
});
export type LaunchMarket = z.infer<typeof LaunchMarketSchema>;

/** POST /api/market/:mint/open: the creator deposits this share of the supply from their wallet. */
export const OpenMarketSchema = z.object({
  curveShareBps: curveShare,
  idempotencyKey: idempotencyKey.optional(),
});
export type OpenMarketRequest = z.infer<typeof OpenMarketSchema>;

/** POST /api/market/:mint/open/prepare: the opening for the creator's browser wallet to sign. */
export const PreparedOpenMarketSchema = z.object({
  mint: z.string(),
  /** The creator's wallet: the one that signs (and pays the vault's rent and the fee). */
  wallet: z.string(),
  curveShareBps: z.number().int(),
  /** Tokens moved from the wallet onto the curve, base units. */
  tokens: z.string(),
  vault: z.string(),
  /** base64 wire transaction, unsigned: the wallet adds its signature. */
  transaction: z.string(),
});
export type PreparedOpenMarket = z.infer<typeof PreparedOpenMarketSchema>;

/** POST /api/market/:mint/open/submit */
export const SubmitOpenMarketSchema = z.object({
  transaction: text().min(1, "Sign the transaction with your wallet").max(4000),
});

/** GET /api/market/fees: the session user's markets with the fees they earned. */
export const CreatorFeesSchema = z.object({
  markets: z.array(
    z.object({
      mint: z.string(),
      name: z.string(),
      symbol: z.string(),
      status: z.enum(["open", "completed", "none"]),
      /** Earned: every creator fee part, paid or owed. */
      feesCreatorLamports: z.string(),
      /** Held by the treasury until the creator's wallet can receive it, then paid out. */
      feesCreatorOwedLamports: z.string(),
      /** In the creator's wallet: paid in the trade, or paid out later (earned - owed). */
      feesCreatorPaidLamports: z.string(),
    }),
  ),
  totalCreatorLamports: z.string(),
  totalCreatorOwedLamports: z.string(),
  totalCreatorPaidLamports: z.string(),
});
export type CreatorFees = z.infer<typeof CreatorFeesSchema>;

export const TradeSchema = z.object({
  signature: z.string(),
  side: z.enum(["buy", "sell"]),
  trader: z.string(),
  /** SOL that entered or left the curve, fee excluded. */
  solAmount: z.string(),
  fee: z.string(),
  tokens: z.string(),
  /** Spot price after the trade, lamports per whole token. */
  priceLamports: PriceSchema,
  at: z.string(),
});
/** GET /api/market/:mint/trades */
export const TradesQuerySchema = z.object({
  cursor: text().max(200, "Invalid cursor").optional(),
  limit: z.coerce.number().int("limit must be a whole number").min(1).max(100).default(50),
});
export const TradesPageSchema = z.object({ trades: z.array(TradeSchema), nextCursor: z.string().nullable() });
export type TradesPage = z.infer<typeof TradesPageSchema>;

export const CANDLE_INTERVALS = ["1m", "5m", "15m", "1h", "4h", "1d"] as const;
export const CandlesQuerySchema = z.object({
  interval: z
    .enum(CANDLE_INTERVALS, { message: "interval must be one of 1m, 5m, 15m, 1h, 4h, 1d" })
    .default("5m"),
});
export const CandlesSchema = z.object({
  interval: z.enum(CANDLE_INTERVALS),
  candles: z.array(
    z.object({
      /** Unix seconds of the candle's start. */
      t: z.number(),
      /** Prices after trades, lamports per whole token. */
      open: PriceSchema,
      high: PriceSchema,
      low: PriceSchema,
      close: PriceSchema,
      volumeLamports: z.string(),
    }),
  ),
});
export type Candles = z.infer<typeof CandlesSchema>;

export const EXPLORE_SORTS = ["new", "trending", "holders", "marketCap", "trust"] as const;
export const ExploreQuerySchema = z.object({
  sort: z
    .enum(EXPLORE_SORTS, { message: "sort must be new, trending, holders, marketCap or trust" })
    .default("new"),
  q: text().trim().max(100, "Search is too long").optional(),
  cursor: text().max(200, "Invalid cursor").optional(),
  limit: z.coerce.number().int("limit must be a whole number").min(1).max(60).default(24),
});
export type ExploreQuery = z.infer<typeof ExploreQuerySchema>;

export const ExploreTokenSchema = z.object({
  mint: z.string(),
  name: z.string(),
  symbol: z.string(),
  imageUrl: z.string(),
  decimals: z.number(),
  supply: z.string(),
  creator: z.object({ username: z.string().nullable(), wallet: z.string(), isDemo: z.boolean() }),
  createdAt: z.string(),
  holders: z.number(),
  marketStatus: z.enum(["open", "completed", "none"]),
  /** Lamports per whole token; null without a market. */
  priceLamports: PriceSchema.nullable(),
  /** Price change over 24 h in basis points; null without trades to compare. */
  change24hBps: z.number().nullable(),
  volume24hLamports: z.string(),
  marketCapLamports: z.string().nullable(),
  progress: z.number().nullable(),
  /** Up to 24 hourly closing prices (lamports per whole token), oldest first. */
  sparkline: z.array(PriceSchema),
  /** The trust score (docs/trust.md) as last computed; null until the first is. */
  trustScore: z.number().int().nullable(),
  trustBand: z.enum(TRUST_BANDS).nullable(),
});
export type ExploreToken = z.infer<typeof ExploreTokenSchema>;
export const ExplorePageSchema = z.object({
  tokens: z.array(ExploreTokenSchema),
  nextCursor: z.string().nullable(),
});
export type ExplorePage = z.infer<typeof ExplorePageSchema>;
