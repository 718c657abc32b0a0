import { describe, expect, it } from "vitest";
import { KeyedTurns } from "./keyed-turns";

describe("KeyedTurns", () => {
  it("lets one holder per key through at a time, in order, and other keys at once", async () => {
    const turns = new KeyedTurns();
    const order: string[] = [];
    const first = await turns.take("a");
    const second = turns.take("a").then((release) => {
      order.push("second");
      return release;
    });
    const third = turns.take("a").then((release) => {
      order.push("third");
      return release;
    });
    const other = await turns.take("b");
    order.push("other");
    await Promise.resolve();
    expect(order).toEqual(["other"]);
    first();
    first(); // a second call does nothing
    (await second)();
    (await third)();
    other();
    expect(order).toEqual(["other", "second", "third"]);
    expect(turns.size).toBe(0);
  });
});
