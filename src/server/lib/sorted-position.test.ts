import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { sortedPosition } from "./sorted-position";

describe("sortedPosition", () => {
  it("is the index of the first item not before the place, as a scan finds it", () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 20 })),
        fc.integer({ min: -1, max: 21 }),
        (items, place) => {
          const list = [...items].sort((a, b) => a - b);
          const scanned = list.findIndex((n) => n >= place);
          expect(sortedPosition(list, (n) => n < place)).toBe(scanned === -1 ? list.length : scanned);
        },
      ),
    );
  });
});
