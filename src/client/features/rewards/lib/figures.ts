import { counted, groupDigits } from "@shared/amounts";

// The rewards page's counts in words: nouns agree with their number ("1 NFT collected") and
// digits are grouped ("0 / 100,000") wherever a figure is shown.

/** "1 NFT collected", "12 NFTs collected". */
export const collectedText = (nftCount: number) => `${counted(nftCount, "NFT")} collected`;

/** A reward's Minted Progress: "0 / 100,000". */
export const mintedOfSupply = (minted: number, supply: number) =>
  `${groupDigits(String(minted))} / ${groupDigits(String(supply))}`;

/** A figure with its digits grouped ("1,024"); "–" while unknown. */
export const figure = (n: number | undefined) => (n === undefined ? "–" : groupDigits(String(n)));
