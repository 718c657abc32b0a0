import { REWARD_TITLE_MAX } from "@shared/schemas/rewards";
import { address, getAddressDecoder, getTransactionDecoder, lamports } from "@solana/kit";
import { getMintDecoder, getTokenDecoder } from "@solana-program/token-2022";
import { FailedTransactionMetadata, LiteSVM } from "litesvm";
import { describe, expect, it } from "vitest";
import { generateSigner } from "./keys";
import {
  buildCollectionTransaction,
  buildMemberTransaction,
  groupMemberOf,
  SIZE_EXCEEDS_MAX_SIZE,
  tokenGroupOf,
} from "./reward-transactions";
import { associatedTokenAddress, buildTransferTransaction } from "./token-2022";

// The reward builders on a bare LiteSVM running the real Token-2022 program: the collection
// caps its members, each member is a 0-decimal, supply-1 mint with no mint authority, and the
// program numbers them.

const decodeAddress = (bytes: Uint8Array) => getAddressDecoder().decode(bytes);

function chain() {
  const svm = new LiteSVM().withBlockhashCheck(false);
  const fund = (who: string) =>
    svm.setAccount({
      address: address(who),
      lamports: lamports(1_000n * 1_000_000_000n),
      programAddress: address("11111111111111111111111111111111"),
      executable: false,
      data: new Uint8Array(),
      space: 0n,
    });
  const blockhash = () => ({ blockhash: svm.latestBlockhash(), lastValidBlockHeight: 1_000_000n });
  const send = (wire: Uint8Array) => {
    const result = svm.sendTransaction(getTransactionDecoder().decode(wire));
    svm.expireBlockhash();
    return result instanceof FailedTransactionMetadata ? result : null;
  };
  const data = (who: string) => {
    const account = svm.getAccount(address(who));
    return account?.exists ? new Uint8Array(account.data) : null;
  };
  return { svm, fund, blockhash, send, data };
}

const meta = (n: number) => ({
  name: `Early Supporter #${n}`,
  symbol: "ART",
  uri: `http://x.test/r/${n}.json`,
});

describe("reward transactions", () => {
  it("a collection of 2 takes two members numbered 1 and 2, refuses a third, and soulbound ones cannot move", async () => {
    const c = chain();
    const payer = generateSigner();
    const authority = generateSigner();
    c.fund(payer.address);
    const collection = generateSigner();
    const built = await buildCollectionTransaction({
      payer,
      authority,
      collection,
      metadata: meta(0),
      maxSize: 2,
      blockhash: c.blockhash(),
    });
    expect(c.send(built.wire)).toBeNull();
    const collectionData = c.data(collection.address);
    expect(collectionData && tokenGroupOf(collectionData)).toEqual({ size: 0n, maxSize: 2n });
    const collectionMint = getMintDecoder().decode(collectionData ?? new Uint8Array());
    expect(collectionMint.mintAuthority.__option).toBe("None");

    const owners = [generateSigner(), generateSigner()];
    const members = [];
    for (const [i, owner] of owners.entries()) {
      const member = generateSigner();
      const tx = await buildMemberTransaction({
        payer,
        authority,
        collection: collection.address,
        member,
        owner: owner.address,
        metadata: meta(i + 1),
        soulbound: i === 1,
        blockhash: c.blockhash(),
      });
      expect(c.send(tx.wire)?.toString() ?? null).toBeNull();
      members.push(member.address);
    }
    for (const [i, m] of members.entries()) {
      const data = c.data(m) ?? new Uint8Array();
      const mint = getMintDecoder().decode(data);
      expect(mint.decimals).toBe(0);
      expect(mint.supply).toBe(1n);
      expect(mint.mintAuthority.__option).toBe("None");
      expect(groupMemberOf(data, decodeAddress)).toEqual({
        group: collection.address,
        memberNumber: BigInt(i + 1),
        soulbound: i === 1,
      });
      const ata = c.data(associatedTokenAddress(owners[i]?.address ?? "", m)) ?? new Uint8Array();
      expect(getTokenDecoder().decode(ata).amount).toBe(1n);
    }
    expect(tokenGroupOf(c.data(collection.address) ?? new Uint8Array())).toEqual({ size: 2n, maxSize: 2n });

    // A third member: the program refuses (SizeExceedsMaxSize) and nothing is created.
    const third = generateSigner();
    const over = await buildMemberTransaction({
      payer,
      authority,
      collection: collection.address,
      member: third,
      owner: generateSigner().address,
      metadata: meta(3),
      soulbound: false,
      blockhash: c.blockhash(),
    });
    const refused = c.send(over.wire);
    expect(refused?.toString()).toContain(SIZE_EXCEEDS_MAX_SIZE.toString(16));
    expect(c.data(third.address)).toBeNull();

    // The soulbound NFT cannot be transferred; the transferable one can.
    for (const [i, owner] of owners.entries()) {
      c.fund(owner.address);
      const move = await buildTransferTransaction({
        owner,
        mint: members[i] ?? "",
        destinationOwner: generateSigner().address,
        amount: 1n,
        decimals: 0,
        blockhash: c.blockhash(),
      });
      const failed = c.send(move.wire);
      if (i === 1) expect(failed?.toString()).toContain("0x25");
      else expect(failed).toBeNull();
    }
  });

  it("another authority cannot add members to the collection", async () => {
    const c = chain();
    const payer = generateSigner();
    const authority = generateSigner();
    c.fund(payer.address);
    const collection = generateSigner();
    const built = await buildCollectionTransaction({
      payer,
      authority,
      collection,
      metadata: meta(0),
      maxSize: 5,
      blockhash: c.blockhash(),
    });
    expect(c.send(built.wire)).toBeNull();
    const forged = await buildMemberTransaction({
      payer,
      authority: generateSigner(),
      collection: collection.address,
      member: generateSigner(),
      owner: generateSigner().address,
      metadata: meta(1),
      soulbound: false,
      blockhash: c.blockhash(),
    });
    expect(c.send(forged.wire)).not.toBeNull();
    expect(tokenGroupOf(c.data(collection.address) ?? new Uint8Array())?.size).toBe(0n);
  });

  it("the longest title the API takes (32 characters of 4 bytes) fits the transactions, and lands", async () => {
    const c = chain();
    const payer = generateSigner();
    const authority = generateSigner();
    c.fund(payer.address);
    const metadata = {
      name: "🎧".repeat(REWARD_TITLE_MAX),
      symbol: "ABCDEFGHIJ",
      uri: `https://rewards.a-rather-long-domain-name.example.com/api/nft-rewards/${"0".repeat(36)}/metadata.json`,
    };
    expect(new TextEncoder().encode(metadata.name).length).toBe(128);
    const collection = generateSigner();
    const built = await buildCollectionTransaction({
      payer,
      authority,
      collection,
      metadata,
      maxSize: 100_000,
      blockhash: c.blockhash(),
    });
    expect(c.send(built.wire)).toBeNull();
    const member = await buildMemberTransaction({
      payer,
      authority,
      collection: collection.address,
      member: generateSigner(),
      owner: generateSigner().address,
      metadata,
      soulbound: true,
      blockhash: c.blockhash(),
    });
    expect(member.wire.length).toBeLessThanOrEqual(1232);
    expect(c.send(member.wire)?.toString() ?? null).toBeNull();
  });
});
