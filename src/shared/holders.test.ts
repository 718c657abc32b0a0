import { describe, expect, it } from "vitest";
import { BURN_ADDRESSES, formatConcentration, holderFigures, nonHolders, shareBps } from "./holders";

const VAULT = "Vau1t11111111111111111111111111111111111111";
const BURN = BURN_ADDRESSES[0] as string;
const at = (owner: string, balance: bigint) => ({ owner, balance });

describe("holderFigures", () => {
  // A fresh market: 80% on the curve, the creator keeps 20% and bought 1,045.73 more.
  const creator = at("Creator", 21_045_730n);
  const vault = at(VAULT, 78_954_270n);
  const fresh = {
    largest: [vault, creator],
    owners: 2,
    known: new Map([[VAULT, vault.balance]]),
    mintSupply: 100_000_000n,
  };

  it("does not count the market's vault as a holder, nor in concentration", () => {
    const f = holderFigures(fresh, VAULT);
    expect(f.holders).toBe(1);
    expect(f.top).toEqual([creator]);
    expect(f.top10).toBe(creator.balance);
    expect(f.largest).toBe(creator.balance);
    expect(f.onCurve).toBe(vault.balance);
    // Shares are of the whole supply, the curve's unsold tokens included: 21.05...% -> 21.1%.
    expect(f.supply).toBe(100_000_000n);
    expect(shareBps(f.top10, f.supply)).toBe(2_105);
    expect(formatConcentration(shareBps(f.top10, f.supply))).toBe("21.05%");
    // The basis points (rounded up from the amounts: never smaller than the share), as the
    // holders table shows a share.
    expect([115, 2104, 35, 0, 10_000, 2_000].map(formatConcentration)).toEqual([
      "1.15%",
      "21.04%",
      "0.35%",
      "0%",
      "100%",
      "20%",
    ]);
  });

  it("leaves burned tokens out of the holders and of the supply", () => {
    const f = holderFigures(
      {
        largest: [at(BURN, 50n), at("A", 30n), at("B", 20n)],
        owners: 3,
        known: new Map([[BURN, 50n]]),
        mintSupply: 100n,
      },
      null,
    );
    expect(f).toMatchObject({ holders: 2, supply: 50n, top10: 50n, largest: 30n, onCurve: 0n });
  });

  it("counts a vault below the listed owners from what is known of it", () => {
    // 12 fans above the vault: the list read stops before it, the lookup still finds it.
    const fans = Array.from({ length: 12 }, (_, i) =>
      at(`Fan${i.toString().padStart(2, "0")}`, 100n - BigInt(i)),
    );
    const f = holderFigures(
      { largest: fans, owners: 14, known: new Map([[VAULT, 5n]]), mintSupply: 2_000n },
      VAULT,
      10,
    );
    expect(f.holders).toBe(13);
    expect(f.top).toHaveLength(10);
    expect(f.top10).toBe(fans.slice(0, 10).reduce((s, h) => s + h.balance, 0n));
    expect(f.onCurve).toBe(5n);
  });

  it("names the vault and burn addresses as non-holders", () => {
    expect([...nonHolders(null)]).toEqual([BURN]);
    expect(nonHolders(VAULT).has(VAULT)).toBe(true);
  });
});

describe("shareBps", () => {
  it("rounds up, so a concentration never reads smaller than it is", () => {
    expect(shareBps(1n, 3n)).toBe(3_334);
    expect(shareBps(1n, 1_000_000n)).toBe(1);
    expect(shareBps(0n, 10n)).toBe(0);
    expect(shareBps(5n, 0n)).toBe(0);
    expect(shareBps(11n, 10n)).toBe(10_000);
  });
});
