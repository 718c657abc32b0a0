import {
  FAMOUS_TOKENS,
  type FamousToken,
  famousNameMessage,
  famousSymbolMessage,
} from "@shared/famous-tokens";
import { nameSkeleton, symbolSkeleton } from "./lookalike";

// The copycat check against well-known tokens (`src/shared/famous-tokens.ts`): the same
// skeletons as against this platform's tokens, so "D0GE" and "Dоgecoin" (Cyrillic о) are
// refused like "DOGE" and "Dogecoin". Names are compared without their spaces too ("Doge
// Coin"). Skeletons are computed once: the list is fixed at start-up.

const squeeze = (name: string) => nameSkeleton(name).replace(/ /g, "");

const BY_SYMBOL = new Map(FAMOUS_TOKENS.map((t) => [symbolSkeleton(t.symbol), t]));
/** Coined names only ("Dogecoin", not "Jupiter"): an everyday word stays free as a name. */
const BY_NAME = new Map(FAMOUS_TOKENS.filter((t) => !t.ordinaryName).map((t) => [squeeze(t.name), t]));

/** The well-known token whose symbol `symbol` looks like, if any. */
export function famousSymbol(symbol: string): FamousToken | undefined {
  return BY_SYMBOL.get(symbolSkeleton(symbol));
}

/** Why a launch with this name and symbol would pass for a well-known token, or null. */
export function famousLookalike(
  name: string,
  symbol: string,
): { field: "name" | "symbol"; message: string } | null {
  const bySymbol = famousSymbol(symbol);
  if (bySymbol) return { field: "symbol", message: famousSymbolMessage(symbol, bySymbol) };
  const byName = BY_NAME.get(squeeze(name));
  if (byName) return { field: "name", message: famousNameMessage(byName) };
  return null;
}
