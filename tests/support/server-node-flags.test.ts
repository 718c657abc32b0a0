import { describe, expect, it } from "vitest";
import { serverNodeFlags } from "./server-node-flags";

describe("the server's node flags", () => {
  it("give the event loop's heap a 64 MB young generation (a scavenge every few hundred requests, not every few dozen)", () => {
    expect(serverNodeFlags()).toContain("--max-semi-space-size=64");
  });
});
