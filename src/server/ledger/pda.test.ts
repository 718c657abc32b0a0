import { randomBytes } from "node:crypto";
import {
  address,
  generateKeyPairSigner,
  getAddressDecoder,
  getProgramDerivedAddress,
  isOffCurveAddress,
} from "@solana/kit";
import { findAssociatedTokenPda, TOKEN_2022_PROGRAM_ADDRESS } from "@solana-program/token-2022";
import { describe, expect, it } from "vitest";
import { findAssociatedTokenAddress, findProgramAddress, isOnCurve } from "./pda";

const TOKEN_PROGRAM = "TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA";

describe("program derived addresses", () => {
  it("decides on-curve exactly as kit does, including x = 0 with and without the sign bit", () => {
    const decoder = getAddressDecoder();
    const one = new Uint8Array(32);
    one[0] = 1; // y = 1: the point (0, 1)
    const oneWithSign = Uint8Array.from(one);
    oneWithSign[31] = 0x80;
    const samples = [one, oneWithSign, ...Array.from({ length: 400 }, () => new Uint8Array(randomBytes(32)))];
    let on = 0;
    for (const bytes of samples) {
      const expected = !isOffCurveAddress(decoder.decode(bytes));
      expect(isOnCurve(bytes)).toBe(expected);
      if (expected) on++;
    }
    expect(isOnCurve(one)).toBe(true);
    expect(isOnCurve(oneWithSign)).toBe(false);
    expect(on).toBeGreaterThan(100); // about half of random strings are points
    expect(on).toBeLessThan(samples.length - 100);
  });

  it("finds the same associated token accounts as kit, for both token programs", async () => {
    for (let i = 0; i < 40; i++) {
      const owner = (await generateKeyPairSigner()).address;
      const mint = (await generateKeyPairSigner()).address;
      for (const tokenProgram of [TOKEN_2022_PROGRAM_ADDRESS, address(TOKEN_PROGRAM)]) {
        const [expected] = await findAssociatedTokenPda({ owner, mint, tokenProgram });
        expect(findAssociatedTokenAddress(owner, mint, tokenProgram)).toBe(expected);
      }
    }
  });

  it("returns kit's bump too, including seeds whose first candidates are on the curve", async () => {
    let skippedBumps = 0;
    for (let i = 0; i < 40; i++) {
      const seeds = [new TextEncoder().encode(`seed-${i}`)];
      const [expected, expectedBump] = await getProgramDerivedAddress({
        programAddress: address(TOKEN_PROGRAM),
        seeds,
      });
      const [found, bump] = findProgramAddress(seeds, TOKEN_PROGRAM);
      expect([found, bump]).toEqual([expected, expectedBump]);
      if (bump < 255) skippedBumps++;
    }
    expect(skippedBumps).toBeGreaterThan(0);
  });
});
