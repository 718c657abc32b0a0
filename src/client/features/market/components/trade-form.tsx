import { formatAmount, parseAmount } from "@shared/amounts";
import { MARKET, sellableTokens } from "@shared/market/curve";
import { formatBps, formatSol, formatTokens } from "@shared/market/format";
import {
  curveOf,
  curveRefusal,
  launchCapLeft,
  parseTradeAmount,
  quoteParams,
  type TradeAsk,
  tokensForSolOut,
  tradeBody,
} from "@shared/market/trade-input";
import type { User } from "@shared/schemas/auth";
import type { MarketState, TradeResult } from "@shared/schemas/market";
import { type FormEvent, type ReactNode, useId, useRef, useState } from "react";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { Spinner } from "@/components/ui/spinner";
import { toast } from "@/components/ui/use-toast";
import { errorMessage } from "@/lib/api";
import { useNetwork } from "@/lib/network";
import { shortAddress } from "@/lib/wallet";
import { useSolBalances, useTokenHoldings } from "../api/get-balances";
import { useQuote } from "../api/get-quote";
import type { TradingWallet } from "../hooks/trading-wallet";
import { useDebounced } from "../hooks/use-debounced";
import { useNow } from "../hooks/use-now";
import { useTrade } from "../hooks/use-trade";
import { QuoteDetails } from "./quote-details";
import { SlippageSetting } from "./slippage-setting";
import { TradeStatus } from "./trade-status";

const SOL_DECIMALS = 9;
const QUOTE_DEBOUNCE_MS = 300;

export interface TradeFormProps {
  side: "buy" | "sell";
  mint: string;
  market: MarketState;
  symbol: string;
  user: User;
  wallet: TradingWallet;
  /** The faucet button for a wallet (the wallet feature's; the page hands it in). */
  getTestSol: (publicKey: string) => ReactNode;
  /** The tolerance in force, shared by both sides (the panel keeps it). */
  slippageBps: number;
  onSlippageChange: (bps: number) => void;
}

/** What is typed, as an ask for a quote. A sell typed in SOL becomes the tokens that pay it
 * on the curve as last read (the request is by tokens; the server's quote has the exact SOL). */
function askFor(
  side: "buy" | "sell",
  by: "sol" | "tokens",
  text: string,
  market: MarketState,
  symbol: string,
) {
  const parsed = parseTradeAmount(
    text,
    by === "sol" ? SOL_DECIMALS : market.decimals,
    by === "sol" ? "SOL" : symbol,
  );
  if (!parsed.ok) return { ask: null, error: parsed.error };
  if (side === "buy") return { ask: { side, by, units: parsed.units } satisfies TradeAsk, error: null };
  if (by === "tokens") return { ask: { side, by, units: parsed.units } satisfies TradeAsk, error: null };
  const tokens = tokensForSolOut(curveOf(market), parsed.units, BigInt(market.feeBps));
  if (tokens === null) return { ask: null, error: "The curve cannot pay that much SOL back now" };
  return { ask: { side, by: "tokens", units: tokens } satisfies TradeAsk, error: null };
}

/** One side of the trade panel: amount (SOL or tokens), live quote, slippage, balances, and
 * the trade with its states. */
export function TradeForm({
  side,
  mint,
  market,
  symbol,
  user,
  wallet,
  getTestSol,
  slippageBps,
  onSlippageChange,
}: TradeFormProps) {
  const network = useNetwork();
  const [by, setBy] = useState<"sol" | "tokens">(side === "buy" ? "sol" : "tokens");
  const [text, setText] = useState("");
  const [slippageInvalid, setSlippageInvalid] = useState(false);
  const unitId = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const amountRef = useRef<HTMLInputElement>(null);
  const decimals = market.decimals;

  const sol = useSolBalances(true);
  const holdings = useTokenHoldings(true);
  const solLamports = BigInt(sol.data?.find((w) => w.publicKey === wallet.publicKey)?.lamports ?? "0");
  const holding = holdings.data?.find((h) => h.mint === mint);
  const walletTokens = holding?.wallets.find((w) => w.address === wallet.publicKey)?.balance ?? "0";
  const tokenUnits = parseAmount(walletTokens, decimals) ?? 0n;

  const typed = askFor(side, by, text, market, symbol);
  // More than this wallet holds: said at once, and not asked of the server (whose refusal,
  // about what the curve can take back, would be beside the point).
  const needsTokens =
    side === "sell" && holdings.isSuccess && typed.ask !== null && typed.ask.units > tokenUnits;
  // More than the curve can take (as last read, live): said at once, not asked of the server.
  const curveError = typed.ask !== null && !needsTokens ? curveRefusal(market, typed.ask, symbol) : null;
  const settled = askFor(side, by, useDebounced(text, QUOTE_DEBOUNCE_MS), market, symbol);
  // Asked only for what is typed now: after a trade clears the box, the amount just traded is
  // not quoted again while the debounce catches up (a sell of everything would be refused).
  const asked =
    typed.ask !== null &&
    settled.ask !== null &&
    quoteParams(typed.ask) === quoteParams(settled.ask) &&
    !needsTokens &&
    curveError === null
      ? settled.ask
      : null;
  const trade = useTrade(mint, user, wallet);
  const busy = trade.phase === "signing" || trade.phase === "confirming";
  // Held while the trade is under way and once it is done (until the next amount): others'
  // trades (live) would quote the amount just traded again, which a sell of everything no
  // longer has. After a failure the quote is asked again: the price moved.
  const quote = useQuote(mint, asked, trade.phase === "idle" || trade.phase === "failed");

  // The quote on screen belongs to what is typed now (not to the previous amount).
  const current =
    typed.ask !== null &&
    settled.ask !== null &&
    quoteParams(typed.ask) === quoteParams(settled.ask) &&
    !quote.isPlaceholderData
      ? quote.data
      : undefined;
  const expiresAt = current ? Date.parse(current.expiresAt) : 0;
  const now = useNow(Boolean(current));
  const msLeft = expiresAt - now;

  const needsSol = side === "buy" && current?.solIn !== undefined && BigInt(current.solIn) > solLamports;
  // The curve takes back at most what it has sold: Max never fills in a refused sale.
  const sellable = sellableTokens(curveOf(market));
  const maxSell = side !== "sell" ? 0n : tokenUnits < sellable ? tokenUnits : sellable;
  // The launch window's per-wallet cap, said before the click rather than by a refusal after it.
  const capLeft = side === "buy" ? launchCapLeft(market, wallet.publicKey, Date.now()) : null;
  const buying =
    typed.ask?.side === "buy" && typed.ask.by === "tokens"
      ? typed.ask.units
      : current?.tokensOut !== undefined
        ? BigInt(current.tokensOut)
        : null;
  const overCap = capLeft !== null && buying !== null && buying > capLeft;
  const canTrade =
    Boolean(current) &&
    msLeft > 0 &&
    !needsSol &&
    !needsTokens &&
    curveError === null &&
    !overCap &&
    !slippageInvalid &&
    !busy &&
    !quote.isFetching;

  function changeText(next: string) {
    setText(next);
    if (trade.phase === "done" || trade.phase === "failed") trade.reset();
  }

  function announce(result: TradeResult) {
    const tokens = formatTokens(result.tokensOut ?? result.tokensIn ?? "0", decimals);
    const solText = formatSol(result.solIn ?? result.solOut ?? "0");
    const link = network.transactionUrl(result.signature);
    toast({
      title: result.side === "buy" ? `Bought ${tokens} ${symbol}` : `Sold ${tokens} ${symbol}`,
      description: `${result.side === "buy" ? `Paid ${solText}, fee ${formatSol(result.fee, 6)} included` : `Received ${solText} after a fee of ${formatSol(result.fee, 6)}`}. Transaction ${shortAddress(result.signature, 6)}.`,
      variant: "success",
      action: link ? (
        <Button asChild size="sm" variant="outline">
          <a href={link} target="_blank" rel="noopener noreferrer">
            View transaction
          </a>
        </Button>
      ) : undefined,
    });
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!typed.ask || !current || slippageInvalid) return;
    if (msLeft <= 0) {
      await quote.refetch();
      return;
    }
    const body = tradeBody(typed.ask, current, slippageBps);
    if (!body) return;
    try {
      const result = await trade.mutateAsync(body);
      announce(result);
      setText("");
    } catch {
      // Shown by TradeStatus, with what to do.
    } finally {
      keepFocusInForm();
    }
  }

  /** The trade button is disabled while the trade runs and again once the box is cleared: the
   * browser then drops focus to the page. Put it on the amount, ready for the next trade or a
   * corrected one, unless the person has moved it elsewhere on the page meanwhile. */
  function keepFocusInForm() {
    const active = document.activeElement;
    if (active === null || active === document.body || formRef.current?.contains(active))
      amountRef.current?.focus();
  }

  const amountUnit = by === "sol" ? "SOL" : symbol;
  const label = side === "buy" ? `Buy ${symbol}` : `Sell ${symbol}`;
  return (
    <form ref={formRef} noValidate onSubmit={submit} className="flex flex-col gap-4" aria-label={label}>
      <fieldset className="flex flex-wrap items-center gap-2">
        <legend className="mb-2 text-sm font-medium">Amount in</legend>
        {(["sol", "tokens"] as const).map((unit) => (
          <Button
            key={unit}
            type="button"
            size="sm"
            variant={by === unit ? "primary" : "outline"}
            aria-pressed={by === unit}
            onClick={() => {
              setBy(unit);
              changeText("");
            }}
          >
            {unit === "sol" ? "SOL" : symbol}
          </Button>
        ))}
      </fieldset>
      <Field
        id={unitId}
        label={
          side === "buy"
            ? `Amount to ${by === "sol" ? "spend" : "buy"} (${amountUnit})`
            : by === "sol"
              ? "SOL to receive"
              : `Amount to sell (${symbol})`
        }
        description={
          side === "sell" && by === "sol" && typed.ask
            ? `Sells about ${formatTokens(typed.ask.units, decimals)} ${symbol}: the quote has the exact SOL.`
            : undefined
        }
        error={
          typed.error ??
          (needsTokens
            ? `You hold ${formatTokens(tokenUnits, decimals)} ${symbol} in this wallet: sell that much at most (Max fills it in).`
            : (curveError ?? undefined))
        }
      >
        <Input
          ref={amountRef}
          inputMode="decimal"
          autoComplete="off"
          placeholder={by === "sol" ? "0.1" : "1000"}
          value={text}
          onChange={(e) => changeText(e.target.value)}
          data-testid="trade-amount"
        />
      </Field>
      <div className="flex flex-wrap items-center gap-x-4 gap-y-2 text-sm" data-testid="trade-balances">
        <span>
          <span className="text-muted-foreground">Balance:</span>{" "}
          <span className="tabular-nums" data-testid="balance-sol">
            {sol.isPending ? "…" : formatSol(solLamports)}
          </span>{" "}
          ·{" "}
          <span className="tabular-nums" data-testid="balance-tokens">
            {holdings.isPending ? "…" : `${formatTokens(tokenUnits, decimals)} ${symbol}`}
          </span>
        </span>
        {side === "sell" && maxSell > 0n ? (
          <Button
            type="button"
            size="sm"
            variant="outline"
            aria-label={
              maxSell < tokenUnits
                ? `Max: sell the most the curve takes back, ${formatTokens(maxSell, decimals)} ${symbol}`
                : `Max: sell all, ${formatTokens(tokenUnits, decimals)} ${symbol}`
            }
            onClick={() => {
              setBy("tokens");
              changeText(formatAmount(maxSell, decimals));
            }}
          >
            Max
          </Button>
        ) : null}
        {side === "buy" && (solLamports === 0n || needsSol) && !sol.isPending
          ? getTestSol(wallet.publicKey)
          : null}
      </div>
      {overCap ? (
        <p role="alert" className="text-sm text-destructive-soft-foreground" data-testid="launch-cap-warning">
          In the launch window each wallet may buy at most {formatBps(MARKET.launchWalletCapBps)} of the
          supply: this wallet can still buy {formatTokens(capLeft ?? 0n, decimals)} {symbol}. Buy less, or
          wait until the window ends.
        </p>
      ) : null}
      {needsSol ? (
        <p role="alert" className="text-sm text-destructive-soft-foreground">
          Not enough SOL: this buy costs {formatSol(current?.solIn ?? "0")}. Get Test SOL, or buy less.
        </p>
      ) : null}
      {current ? (
        <QuoteDetails
          quote={current}
          symbol={symbol}
          decimals={decimals}
          msLeft={msLeft}
          refreshing={quote.isFetching}
          onRefresh={() => void quote.refetch()}
        />
      ) : null}
      {quote.isError && settled.ask ? (
        <p role="alert" className="text-sm text-destructive-soft-foreground">
          {errorMessage(quote.error, "Could not get a quote. Try again.")}
        </p>
      ) : null}
      <SlippageSetting value={slippageBps} onChange={onSlippageChange} onInvalid={setSlippageInvalid} />
      <TradeStatus
        phase={trade.phase}
        quoting={quote.isFetching && settled.ask !== null}
        error={trade.error}
        networkLabel={network.label}
        onRetry={() => void quote.refetch()}
        getTestSol={() => getTestSol(wallet.publicKey)}
      />
      <Button
        type="submit"
        size="lg"
        disabled={!canTrade && !(current && msLeft <= 0)}
        data-testid="trade-submit"
      >
        {busy ? <Spinner className="size-4" /> : null}
        {trade.phase === "signing"
          ? "Approve in your wallet…"
          : trade.phase === "confirming"
            ? "Confirming…"
            : current && msLeft <= 0
              ? "Refresh quote"
              : label}
      </Button>
    </form>
  );
}
