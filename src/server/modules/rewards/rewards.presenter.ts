import { formatAmount } from "@shared/amounts";
import type { Reward, RewardStanding } from "@shared/schemas/rewards";
import { type Condition, conditionText, type TokenUnits } from "./reward-conditions";
import type { RewardRow } from "./rewards.repo";

// Reward rows as the API shows them (RewardSchema), and the Metaplex-style JSON each NFT's
// on-chain `uri` points to (RESEARCH.md section 1: Phantom and explorers read image and
// attributes from it).

export interface TokenFacts extends TokenUnits {
  name: string;
}

export const conditionOf = (row: RewardRow): Condition => ({
  type: row.unlockType,
  amount: row.unlockAmount,
  days: row.unlockDays,
});

/** The reward's image: an https URL as given, else this server's image route (an upload or
 * the generated default). `publicUrl` "" gives the path alone: API answers use that, so the
 * pages load it from whatever address they were opened at (PUBLIC_URL is for the chain's
 * metadata, read by wallets and explorers). */
export function imageOf(row: RewardRow, publicUrl: string): string {
  return row.imageUrl.startsWith("https://") ? row.imageUrl : `${publicUrl}/api/nft-rewards/${row.id}/image`;
}

export function metadataUri(rewardId: string, publicUrl: string): string {
  return `${publicUrl}/api/nft-rewards/${rewardId}/metadata.json`;
}

export function presentReward(
  row: RewardRow,
  token: TokenFacts,
  mintedCount: number,
  standing: RewardStanding | null,
): Reward {
  const condition = conditionOf(row);
  const description = conditionText(condition, token);
  return {
    id: row.id,
    tokenMint: row.tokenMint,
    tokenSymbol: token.symbol,
    tokenName: token.name,
    title: row.title,
    description: row.description,
    rarity: row.rarity as Reward["rarity"],
    imageUrl: imageOf(row, ""),
    criteria: description,
    totalSupply: row.totalSupply,
    mintedCount,
    soulbound: row.soulbound,
    unlockCondition: {
      type: row.unlockType,
      value:
        row.unlockType === "engagement"
          ? row.unlockAmount.toString()
          : formatAmount(row.unlockAmount, token.decimals),
      days: row.unlockDays,
      description,
    },
    isActive: row.isActive,
    autoMint: row.autoMint,
    collectionMint: row.status === "active" ? row.collectionMint : null,
    status: row.status,
    createdAt: row.createdAt.toISOString(),
    standing,
  };
}

export function metadataJson(row: RewardRow, token: TokenFacts, publicUrl: string) {
  const image = imageOf(row, publicUrl);
  const condition = conditionText(conditionOf(row), token);
  return {
    name: row.title,
    symbol: token.symbol,
    description: row.description || `${row.title}: a reward for ${token.name} holders. ${condition}.`,
    image,
    external_url: `${publicUrl}/nft-rewards`,
    attributes: [
      { trait_type: "reward", value: row.title },
      { trait_type: "rarity", value: row.rarity },
      { trait_type: "token", value: token.symbol },
      { trait_type: "condition", value: condition },
      ...(row.soulbound ? [{ trait_type: "soulbound", value: "yes" }] : []),
    ],
    collection: { name: row.title, family: token.name, address: row.collectionMint },
    properties: {
      category: "image",
      files: [{ uri: image, ...(row.imageUrl ? {} : { type: "image/svg+xml" }) }],
    },
  };
}
