// Well-known tokens a creator token must not pass for. The launch refuses a name or symbol
// that looks like one of these (the same skeleton comparison as the copycat check against
// this platform's own tokens), and the AI drafter never proposes them. Kept short on
// purpose: the largest and most imitated assets, stablecoins, and the Solana tokens fans
// here are most likely to hold. A symbol added here refuses launches from then on; tokens
// already launched keep theirs.

export interface FamousToken {
  symbol: string;
  name: string;
  /** Words the drafter never puts in a name (lower case): the name's distinctive word. */
  words: readonly string[];
  /** The name is an everyday word or a first name (a planet, a film, a nickname): a band
   * called Jupiter may call its token "Jupiter". Only the symbol is reserved. */
  ordinaryName: boolean;
}

const token = (symbol: string, name: string, ...words: string[]): FamousToken => ({
  symbol,
  name,
  words: words.length ? words : [name.toLowerCase()],
  ordinaryName: false,
});

/** A token whose name anyone may also use (see `ordinaryName`). */
const wordToken = (symbol: string, name: string): FamousToken => ({
  ...token(symbol, name),
  ordinaryName: true,
});

export const FAMOUS_TOKENS: readonly FamousToken[] = [
  token("BTC", "Bitcoin"),
  token("ETH", "Ethereum"),
  token("SOL", "Solana"),
  token("USDC", "USD Coin", "usdc"),
  wordToken("USDT", "Tether"),
  token("BNB", "BNB"),
  token("XRP", "XRP"),
  token("ADA", "Cardano"),
  token("DOGE", "Dogecoin", "dogecoin", "doge"),
  token("SHIB", "Shiba Inu", "shiba", "shib"),
  wordToken("PEPE", "Pepe"),
  token("BONK", "Bonk"),
  token("WIF", "dogwifhat"),
  token("TRUMP", "Official Trump", "trump"),
  wordToken("JUP", "Jupiter"),
  wordToken("TRX", "TRON"),
  token("TON", "Toncoin"),
  wordToken("AVAX", "Avalanche"),
  token("LTC", "Litecoin"),
  token("LINK", "Chainlink"),
  wordToken("DAI", "Dai"),
  token("WBTC", "Wrapped Bitcoin", "wbtc"),
  token("WSOL", "Wrapped SOL", "wsol"),
  token("PYUSD", "PayPal USD", "pyusd"),
  token("JTO", "Jito"),
  token("PYTH", "Pyth Network", "pyth"),
];

/** Lower-case words no drafted name contains: each famous token's distinctive words and its
 * symbol ("bitcoin", "btc"). */
export const FAMOUS_TOKEN_WORDS: ReadonlySet<string> = new Set(
  FAMOUS_TOKENS.flatMap((t) => [...t.words, t.symbol.toLowerCase()]),
);

export const famousSymbolMessage = (symbol: string, famous: FamousToken) =>
  symbol === famous.symbol
    ? `${famous.symbol} is the symbol of ${famous.name}, a well-known token: choose another so fans are not misled.`
    : `${symbol} looks like ${famous.symbol}, the symbol of ${famous.name}, a well-known token: choose another so fans are not misled.`;

export const famousNameMessage = (famous: FamousToken) =>
  `“${famous.name}” is the name of a well-known token (${famous.symbol}): choose another so fans are not misled.`;
