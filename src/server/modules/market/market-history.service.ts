import { MAX_CANDLES, CANDLE_SECONDS as SECONDS } from "@shared/market/candles";
import { priceText } from "@shared/market/price";
import {
  type CANDLE_INTERVALS,
  type Candles,
  CandlesSchema,
  type TradesPage,
  TradesPageSchema,
} from "@shared/schemas/market";
import { badRequest } from "../../http-errors";
import type { TokensService } from "../tokens/tokens.service";
import { type MarketHistoryRepo, tradePrice } from "./market-history.repo";
import { type MarketVersions, MintCache } from "./market-versions";

type Interval = (typeof CANDLE_INTERVALS)[number];

interface Deps {
  repo: MarketHistoryRepo;
  tokens: Pick<TokensService, "getByMint">;
  now?: () => number;
  /** The market repo's change counters: a confirmed trade moves its mint's. */
  versions: MarketVersions;
}

export interface PricePoint {
  /** Unix milliseconds. */
  t: number;
  /** Nano-lamports per whole token (src/shared/market/price.ts). */
  price: bigint;
  sol: bigint;
}
export type Candle = Candles["candles"][number];

/** OHLC of the post-trade price per bucket, oldest first; only buckets with trades. A candle
 * opens at the price the previous trade left (`before` for the first), so the chart has no
 * gaps between candles; without any earlier trade it opens at its first trade's price. */
export function buildCandles(
  points: readonly PricePoint[],
  before: bigint | null,
  bucketSeconds: number,
): Candle[] {
  const candles: Candle[] = [];
  let prev = before;
  let cur: { t: number; open: bigint; high: bigint; low: bigint; close: bigint; vol: bigint } | null = null;
  const flush = () => {
    if (cur)
      candles.push({
        t: cur.t,
        open: priceText(cur.open),
        high: priceText(cur.high),
        low: priceText(cur.low),
        close: priceText(cur.close),
        volumeLamports: cur.vol.toString(),
      });
  };
  for (const p of points) {
    const t = Math.floor(p.t / 1000 / bucketSeconds) * bucketSeconds;
    if (!cur || cur.t !== t) {
      flush();
      const open = prev ?? p.price;
      cur = { t, open, high: open, low: open, close: open, vol: 0n };
    }
    if (p.price > cur.high) cur.high = p.price;
    if (p.price < cur.low) cur.low = p.price;
    cur.close = p.price;
    cur.vol += p.sol;
    prev = p.price;
  }
  flush();
  return candles;
}

// The trades cursor: base64url of "<confirmed microseconds>.<trade id>" of the last one served.
const encodeCursor = (micros: string, id: string) => Buffer.from(`${micros}.${id}`).toString("base64url");
/** A cursor names a trade's time: none is later than the end of year 9999 (a forged one past
 * what the database's timestamps hold would otherwise reach it). */
const LAST_CURSOR_MICROS = BigInt(Date.UTC(9999, 11, 31, 23, 59, 59, 999)) * 1000n + 999n;
function decodeCursor(cursor: string): { micros: string; id: string } {
  const text = Buffer.from(cursor, "base64url").toString("utf8");
  const match = /^(\d{1,19})\.([^\s]{1,64})$/.exec(text);
  if (!match || BigInt(match[1] as string) > LAST_CURSOR_MICROS) {
    const message = "Invalid cursor: start again from the newest trades";
    throw badRequest(message, { cursor: message }, "INVALID_CURSOR");
  }
  return { micros: match[1] as string, id: match[2] as string };
}

/** A market's history: recent trades and price candles, from confirmed trades. */
export class MarketHistoryService {
  private now: () => number;
  /** Answers as JSON by mint and query, until the mint's next confirmed trade (on any node:
   * the change bus moves `versions` everywhere). */
  private answers: MintCache<Buffer>;
  constructor(private deps: Deps) {
    this.now = deps.now ?? Date.now;
    this.answers = new MintCache(deps.versions, { max: 20_000 });
  }

  /** A page of trades as UTF-8 JSON (checked against its schema once). */
  async tradesJson(mint: string, query: { cursor?: string; limit: number }): Promise<Buffer> {
    return this.answers.get(mint, `t\n${query.limit}\n${query.cursor ?? ""}`, async () =>
      Buffer.from(JSON.stringify(TradesPageSchema.parse(await this.trades(mint, query)))),
    );
  }

  /** Candles as UTF-8 JSON; the key holds the current bucket, so a new bucket reads afresh. */
  async candlesJson(mint: string, interval: Interval): Promise<Buffer> {
    const bucket = Math.floor(this.now() / 1000 / SECONDS[interval]);
    return this.answers.get(mint, `c\n${interval}\n${bucket}`, async () =>
      Buffer.from(JSON.stringify(CandlesSchema.parse(await this.candles(mint, interval)))),
    );
  }

  async trades(mint: string, query: { cursor?: string; limit: number }): Promise<TradesPage> {
    const after = query.cursor ? decodeCursor(query.cursor) : null;
    const token = await this.deps.tokens.getByMint(mint);
    // One more than asked: whether there is a next page, without counting.
    const rows = await this.deps.repo.tradesPage(mint, query.limit + 1, after);
    const page = rows.slice(0, query.limit);
    const last = page[page.length - 1];
    return {
      trades: page.map((r) => ({
        signature: r.signature ?? "",
        side: r.side,
        trader: r.trader,
        solAmount: r.curveSol.toString(),
        fee: r.fee.toString(),
        tokens: r.tokens.toString(),
        priceLamports: priceText(tradePrice(r, token.decimals)),
        at: (r.confirmedAt ?? new Date(0)).toISOString(),
      })),
      nextCursor: rows.length > query.limit && last ? encodeCursor(last.micros, last.id) : null,
    };
  }

  async candles(mint: string, interval: Interval): Promise<Candles> {
    const token = await this.deps.tokens.getByMint(mint);
    const bucket = SECONDS[interval];
    const nowSeconds = Math.floor(this.now() / 1000);
    const firstBucket = (Math.floor(nowSeconds / bucket) - (MAX_CANDLES - 1)) * bucket;
    const { before, rows } = await this.deps.repo.pricePoints(mint, new Date(firstBucket * 1000));
    const points = rows.flatMap((r) =>
      r.confirmedAt
        ? [{ t: r.confirmedAt.getTime(), price: tradePrice(r, token.decimals), sol: r.curveSol }]
        : [],
    );
    const start = before ? tradePrice(before, token.decimals) : null;
    return { interval, candles: buildCandles(points, start, bucket) };
  }
}
