import type { MarketState } from "@shared/schemas/market";
import { CircleCheckBig, LogIn } from "lucide-react";
import { type ReactNode, useState } from "react";
import { Link } from "wouter";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { signInHref } from "@/lib/return-to";
import { useSession } from "@/lib/session";
import { tradingWallet } from "../hooks/trading-wallet";
import { useSlippage } from "../hooks/use-slippage";
import { TradeForm } from "./trade-form";

/** What happens once the curve has sold out. */
export const COMPLETED_MESSAGE =
  "This curve has completed: every token on it has been sold, so buying and selling here has stopped. Holders keep their tokens and can still send them to anyone; the SOL raised stays in the curve's vault.";

export interface TradePanelProps {
  mint: string;
  market: MarketState;
  symbol: string;
  /** The faucet button for a wallet (from the wallet feature; composed by the page). */
  getTestSol: (publicKey: string) => ReactNode;
  /** Wallet creation for a signed-in person without one, and its one-time secret backup
   * (the wallet feature's; it shows itself only when needed). */
  walletSetup: ReactNode;
}

/** Buy / Sell: the fan's side of the market. Signed out, it points to sign-in; on a completed
 * curve, it says trading has stopped and what comes next. */
export function TradePanel({ mint, market, symbol, getTestSol, walletSetup }: TradePanelProps) {
  const { user, isLoading } = useSession();
  const [side, setSide] = useState<"buy" | "sell">("buy");
  const [slippageBps, setSlippageBps] = useSlippage();
  const wallet = tradingWallet(user);

  let body: ReactNode;
  if (market.status === "completed")
    body = (
      <div className="flex gap-3 text-sm" data-testid="market-completed">
        <CircleCheckBig aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-success" />
        <p>{COMPLETED_MESSAGE}</p>
      </div>
    );
  else if (isLoading) body = <p className="text-sm text-muted-foreground">Loading…</p>;
  else if (!user)
    body = (
      <div className="flex flex-col items-start gap-3 text-sm">
        <p>Sign in to buy or sell {symbol}: new accounts get a wallet and free test SOL for it.</p>
        <Button asChild variant="primary">
          <Link href={signInHref(`/token/${mint}`)}>
            <LogIn aria-hidden="true" />
            Sign in to trade
          </Link>
        </Button>
      </div>
    );
  else if (!wallet)
    body = null; // walletSetup, above, offers one
  else
    body = (
      <Tabs value={side} onValueChange={(v) => setSide(v === "sell" ? "sell" : "buy")}>
        <TabsList aria-label="Trade side" className="w-full">
          <TabsTrigger value="buy" className="flex-1">
            Buy
          </TabsTrigger>
          <TabsTrigger value="sell" className="flex-1">
            Sell
          </TabsTrigger>
        </TabsList>
        {(["buy", "sell"] as const).map((s) => (
          <TabsContent key={s} value={s} className="mt-4">
            <TradeForm
              side={s}
              mint={mint}
              market={market}
              symbol={symbol}
              user={user}
              wallet={wallet}
              getTestSol={getTestSol}
              slippageBps={slippageBps}
              onSlippageChange={setSlippageBps}
            />
          </TabsContent>
        ))}
      </Tabs>
    );

  return (
    <Card data-testid="trade-panel">
      <CardHeader>
        <CardTitle as="h2">Trade {symbol}</CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        {/* Always in this place: it keeps the new wallet's secret on screen after the panel
            below switches to trading. */}
        {user && market.status !== "completed" ? walletSetup : null}
        {body}
      </CardContent>
    </Card>
  );
}
