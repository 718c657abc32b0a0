import { createKeyPairSignerFromBytes, getTransactionDecoder, getTransactionEncoder } from "@solana/kit";
import bs58 from "bs58";
import { expect } from "vitest";
import { tokenAmountOf } from "../../src/server/ledger/layouts";
import type { Ledger } from "../../src/server/ledger/ledger";
import { associatedTokenAddress } from "../../src/server/ledger/token-2022";
import { Client } from "./http";

// Market test helpers: people with funded embedded wallets (and their exported keys, to act
// on chain as the wallet's owner could), launches with a market, chain balances.

export interface Member {
  c: Client;
  userId: string;
  wallet: string;
  /** The embedded wallet's secret key, exported once at creation (as the owner may). */
  secret: string;
}

export async function member(
  baseUrl: string,
  ledger: Ledger,
  username: string,
  lamports: bigint,
): Promise<Member> {
  const c = new Client(baseUrl);
  const reg = await c.post<{ user: { id: string } }>("/api/register", {
    username,
    email: `${username}@example.com`,
    password: "secret1",
  });
  expect(reg.status).toBe(201);
  const gen = await c.post<{ wallet: { publicKey: string; privateKey: string } }>("/api/wallet/generate");
  if (lamports > 0n) await ledger.airdrop(gen.body.wallet.publicKey, lamports);
  return {
    c,
    userId: reg.body.user.id,
    wallet: gen.body.wallet.publicKey,
    secret: gen.body.wallet.privateKey,
  };
}

export async function signerOf(m: Member) {
  return createKeyPairSignerFromBytes(bs58.decode(m.secret));
}

export async function launch(
  who: Member,
  symbol: string,
  totalSupply: string,
  market?: { curveShareBps?: number; creatorBuyLamports?: string },
): Promise<string> {
  const res = await who.c.post<{ mintAddress: string }>("/api/tokens/create", {
    name: `${symbol} Coin`,
    symbol,
    totalSupply,
    userId: who.userId,
    creatorWallet: who.wallet,
    ...(market ? { market } : {}),
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.mintAddress;
}

export async function tokensOf(ledger: Ledger, owner: string, mint: string): Promise<bigint> {
  const acc = await ledger.getAccount(associatedTokenAddress(owner, mint));
  return acc ? (tokenAmountOf(acc.data) ?? 0n) : 0n;
}

/** An external wallet's signature added to prepared bytes (as a browser wallet would). */
export function signPrepared(
  base64: string,
  address: string,
  signBytes: (b: Uint8Array) => Uint8Array,
): string {
  const tx = getTransactionDecoder().decode(Buffer.from(base64, "base64"));
  const sig = signBytes(new Uint8Array(tx.messageBytes));
  const signed = { ...tx, signatures: { ...tx.signatures, [address]: sig } };
  return Buffer.from(getTransactionEncoder().encode(signed as typeof tx)).toString("base64");
}

export interface MarketView {
  status: string;
  vault: string | null;
  virtualSolReserves: string;
  virtualTokenReserves: string;
  realSolReserves: string;
  realTokenReserves: string;
  feeBps: number;
  feesCreatorLamports: string;
  feesPlatformLamports: string;
  feesCreatorOwedLamports: string;
  creatorBuyTokens: string;
  launchWindow: {
    tokensBought: string;
    shareOfSupply: number;
    buyerCount: number;
    buyers: Array<{ trader: string; tokens: string; isCreator: boolean; creatorFunded: boolean }>;
  };
}

/** The vault holds exactly rent + real SOL and real tokens. */
export async function expectVaultMatchesCurve(c: Client, ledger: Ledger, mint: string, rent: bigint) {
  const state = (await c.get<MarketView>(`/api/market/${mint}`)).body;
  const vault = state.vault ?? "";
  expect(await ledger.getBalance(vault)).toBe(rent + BigInt(state.realSolReserves));
  expect(await tokensOf(ledger, vault, mint)).toBe(BigInt(state.realTokenReserves));
  return state;
}
