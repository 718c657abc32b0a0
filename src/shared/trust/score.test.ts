import { readFileSync } from "node:fs";
import path from "node:path";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { checklist, evaluate, type TrustInputs } from "./score";

const SUPPLY = 1_000_000_000n;

const amount = fc.bigInt({ min: 0n, max: SUPPLY });
const inputs: fc.Arbitrary<TrustInputs> = fc
  .record({
    mintAuthority: fc.boolean(),
    freezeAuthority: fc.boolean(),
    defaultFrozen: fc.boolean(),
    permanentDelegate: fc.boolean(),
    transferHook: fc.boolean(),
    nonTransferable: fc.boolean(),
    transferFeeBps: fc.option(fc.integer({ min: 0, max: 10_000 }), { nil: null }),
    metadata: fc.constantFrom("immutable" as const, "mutable" as const, "none" as const),
    a: amount,
    b: amount,
    c: amount,
    launchTaken: fc.option(amount, { nil: null }),
    onCurve: amount,
    hasMarket: fc.boolean(),
    ageDays: fc.integer({ min: 0, max: 400 }),
    holders: fc.integer({ min: 0, max: 100_000 }),
    hasLinks: fc.boolean(),
  })
  .map(({ a, b, c, ...rest }) => {
    // largest <= top10, as on chain.
    const [largest, top10] = a <= b ? [a, b] : [b, a];
    return { ...rest, supply: SUPPLY, largest, top10, creatorCluster: c };
  });

const scoreOf = (i: TrustInputs) => evaluate(i).score;

/** Every control given up, metadata locked: the examples below vary what is held. */
const NO_CONTROLS = {
  mintAuthority: false,
  freezeAuthority: false,
  defaultFrozen: false,
  permanentDelegate: false,
  transferHook: false,
  nonTransferable: false,
  transferFeeBps: null,
  metadata: "immutable",
} as const satisfies Partial<TrustInputs>;

describe("trust score formula", () => {
  it("is an integer from 0 to 100 whose factors sum to at most 100, in the right band", () => {
    fc.assert(
      fc.property(inputs, (i) => {
        const r = evaluate(i);
        expect(Number.isInteger(r.score)).toBe(true);
        expect(r.score).toBeGreaterThanOrEqual(0);
        expect(r.score).toBeLessThanOrEqual(100);
        expect(r.factors.reduce((s, f) => s + f.maxPoints, 0)).toBe(100);
        for (const f of r.factors) expect(f.points).toBeGreaterThanOrEqual(0);
        for (const f of r.factors) expect(f.points).toBeLessThanOrEqual(f.maxPoints);
        expect(r.score).toBeLessThanOrEqual(r.factors.reduce((s, f) => s + f.points, 0));
        expect(r.band).toBe(r.score >= 80 ? "good" : r.score >= 50 ? "caution" : "high_risk");
      }),
    );
  });

  it("gives no distribution points for shares of no supply (all burned, a collection's mint)", () => {
    const nothing: TrustInputs = {
      ...NO_CONTROLS,
      supply: 0n,
      largest: 0n,
      top10: 0n,
      creatorCluster: 0n,
      launchTaken: null,
      onCurve: 0n,
      hasMarket: false,
      ageDays: 30,
      holders: 0,
      hasLinks: false,
    };
    const r = evaluate(nothing);
    const spread = r.factors.filter((f) => f.group === "distribution");
    expect(spread.map((f) => [f.value, f.points])).toEqual(Array(3).fill(["No supply", 0]));
    expect(r.band).not.toBe("good");
  });

  it("holds the dangerous findings under their caps", () => {
    fc.assert(
      fc.property(inputs, (i) => {
        const r = evaluate(i);
        if (i.mintAuthority) expect(r.score).toBeLessThanOrEqual(30);
        if (i.permanentDelegate) expect(r.score).toBeLessThanOrEqual(30);
        if (i.freezeAuthority || i.defaultFrozen) expect(r.score).toBeLessThanOrEqual(40);
        if (i.nonTransferable) expect(r.score).toBeLessThanOrEqual(20);
        if (i.largest * 10n > i.supply * 3n) expect(r.score).toBeLessThanOrEqual(60);
        if (i.creatorCluster * 5n > i.supply) expect(r.score).toBeLessThanOrEqual(60);
        for (const cap of r.caps) expect(r.score).toBeLessThanOrEqual(cap.maxScore);
      }),
    );
  });

  it("never falls when a control is given up or supply spreads", () => {
    fc.assert(
      fc.property(inputs, fc.bigInt({ min: 0n, max: SUPPLY }), (i, less) => {
        const s = scoreOf(i);
        expect(scoreOf({ ...i, mintAuthority: false })).toBeGreaterThanOrEqual(s);
        expect(scoreOf({ ...i, freezeAuthority: false })).toBeGreaterThanOrEqual(s);
        expect(scoreOf({ ...i, permanentDelegate: false })).toBeGreaterThanOrEqual(s);
        expect(scoreOf({ ...i, transferFeeBps: null })).toBeGreaterThanOrEqual(s);
        expect(scoreOf({ ...i, metadata: "immutable" })).toBeGreaterThanOrEqual(s);
        expect(scoreOf({ ...i, hasLinks: true })).toBeGreaterThanOrEqual(s);
        const cut = (x: bigint) => (x > less ? x - less : 0n);
        expect(scoreOf({ ...i, top10: cut(i.top10), largest: cut(i.largest) })).toBeGreaterThanOrEqual(s);
        expect(scoreOf({ ...i, creatorCluster: cut(i.creatorCluster) })).toBeGreaterThanOrEqual(s);
        if (i.launchTaken !== null)
          expect(scoreOf({ ...i, launchTaken: cut(i.launchTaken) })).toBeGreaterThanOrEqual(s);
        expect(
          scoreOf({ ...i, onCurve: i.onCurve + less > SUPPLY ? SUPPLY : i.onCurve + less }),
        ).toBeGreaterThanOrEqual(s);
        expect(scoreOf({ ...i, holders: i.holders + 1000 })).toBeGreaterThanOrEqual(s);
        expect(scoreOf({ ...i, ageDays: i.ageDays + 7 })).toBeGreaterThanOrEqual(s);
      }),
    );
  });

  it("checklist gains are what the score would become, never negative, zero when done", () => {
    fc.assert(
      fc.property(inputs, (i) => {
        const s = scoreOf(i);
        for (const item of checklist(i)) {
          expect(item.gain).toBeGreaterThanOrEqual(0);
          expect(s + item.gain).toBeLessThanOrEqual(100);
          if (item.done) expect(item.gain).toBe(0);
          // A reason is given exactly when an unfinished item gains nothing because of a cap.
          if (item.heldBackBy !== null) expect(item.gain === 0 && !item.done).toBe(true);
        }
        const lock = checklist(i).find((c) => c.action === "lock_metadata");
        expect(s + (lock?.gain ?? -1)).toBe(scoreOf({ ...i, metadata: "immutable" }));
      }),
    );
  });

  it("a whale's cap is lifted in the checklist's gain for spreading supply", () => {
    const whale: TrustInputs = {
      supply: SUPPLY,
      ...NO_CONTROLS,
      top10: SUPPLY / 2n,
      largest: (SUPPLY * 2n) / 5n,
      creatorCluster: 0n,
      launchTaken: 0n,
      onCurve: SUPPLY / 2n,
      hasMarket: true,
      ageDays: 10,
      holders: 300,
      hasLinks: true,
    };
    const r = evaluate(whale);
    expect(r.caps.map((c) => c.key)).toEqual(["whale"]);
    expect(r.score).toBe(60);
    const spread = checklist(whale).find((c) => c.factor === "largest_holder");
    // Top 10 at 50% keeps 6 of 15: with the largest wallet at its best the score is 91.
    expect(spread?.gain).toBe(100 - 9 - 60);
    expect(spread?.heldBackBy).toBeNull();
    // Locking the metadata gains nothing while the whale's cap holds the score at 60: the
    // item says which finding to fix first.
    const lock = checklist({ ...whale, metadata: "mutable" }).find((c) => c.factor === "metadata");
    expect(lock).toMatchObject({ gain: 0, done: false, heldBackBy: r.caps[0]?.label });
  });
});

describe("docs/trust.md's worked example", () => {
  const doc = readFileSync(path.join(__dirname, "../../../docs/trust.md"), "utf8");
  const example = doc.slice(doc.indexOf("## Worked example"));
  const json = /```json trust-example\n([\s\S]*?)```/.exec(example)?.[1] ?? "";
  const raw = JSON.parse(json) as Record<string, unknown>;
  const big = (k: string) => BigInt(String(raw[k]));
  const input: TrustInputs = {
    ...(raw as unknown as TrustInputs),
    supply: big("supply"),
    top10: big("top10"),
    largest: big("largest"),
    creatorCluster: big("creatorCluster"),
    launchTaken: raw.launchTaken === null ? null : big("launchTaken"),
    onCurve: big("onCurve"),
  };
  const rows = [...example.matchAll(/^\| ([a-z0-9_]+) \| ([^|]+) \| (\d+) \|$/gm)].map((m) => ({
    key: m[1],
    value: m[2]?.trim(),
    points: Number(m[3]),
  }));

  it("every factor's value and points are the code's", () => {
    const r = evaluate(input);
    expect(rows.length).toBe(r.factors.length);
    expect(rows).toEqual(r.factors.map((f) => ({ key: f.key, value: f.value, points: f.points })));
  });

  it("the score, band, version and the lock's gain are the code's", () => {
    const r = evaluate(input);
    const [, score, band] = /Score: \*\*(\d+)\*\* \(([a-z_ ]+)\)/.exec(example) ?? [];
    expect(r.score).toBe(Number(score));
    expect(r.band.replace("_", " ")).toBe(band);
    expect(doc).toContain(`**Version: ${r.version}.**`);
    const [, gain, after] = /immutable gains \*\*(\d+)\*\* \(score (\d+)\)/.exec(example) ?? [];
    expect(checklist(input).find((c) => c.factor === "metadata")?.gain).toBe(Number(gain));
    expect(r.score + Number(gain)).toBe(Number(after));
  });
});
