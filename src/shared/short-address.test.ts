import { describe, expect, it } from "vitest";
import { shortAddress } from "./short-address";

describe("shortAddress", () => {
  it("shortens addresses but leaves short text alone", () => {
    expect(shortAddress("7xKXtg2CW87d97TXJSDpbD5jBkheTqA83TZRuJosgAsU")).toBe("7xKX…gAsU");
    expect(shortAddress("abc")).toBe("abc");
  });
});
