import { describe, expect, it } from "vitest";
import { KeyVersions } from "./key-versions";

describe("KeyVersions", () => {
  it("moves a key's version on its change alone, and every key's past the bound or on bumpAll", () => {
    const v = new KeyVersions(3);
    const [a, b] = [v.of("a"), v.of("b")];
    v.bump("a");
    expect(v.of("a")).not.toBe(a);
    expect(v.of("b")).toBe(b);
    const seen = [v.of("a"), v.of("b")];
    v.bumpAll();
    expect([v.of("a"), v.of("b")].some((x, i) => x === seen[i])).toBe(false);
    const before = { a: v.of("a"), z: v.of("z") };
    for (const key of ["b", "c", "d", "e"]) v.bump(key); // four keys: past the bound of three
    expect(v.of("a")).not.toBe(before.a);
    expect(v.of("z")).not.toBe(before.z);
    const latest = v.latest;
    v.bump("q");
    expect(v.latest).toBeGreaterThan(latest);
  });
});
