import { describe, expect, it } from "vitest";
import { ApiError, ServerUnreachableError } from "@/lib/api";
import { describeLaunchFailure, LAUNCH_UNKNOWN_MESSAGE, PREPARE_EXPIRED_MESSAGE } from "./launch-failure";

const FIELDS = ["name", "symbol", "description", "totalSupply"] as const;

describe("describeLaunchFailure", () => {
  it("no answer: the spec's words, that the launch may have gone through, and that trying again is safe", () => {
    const failure = describeLaunchFailure(new ServerUnreachableError(), FIELDS);
    expect(failure.description).toBe(LAUNCH_UNKNOWN_MESSAGE);
    expect(failure.description).toMatch(/^Failed to create token/);
    expect(failure.description).not.toContain("Failed to fetch");
    expect(failure.remedy).toBe("retry");
  });
  it("PREPARE_EXPIRED: says the wallet took too long and offers a retry (a fresh prepare)", () => {
    const err = new ApiError(
      410,
      "This launch was prepared too long ago and its transaction has expired. Create the token again.",
      undefined,
      "PREPARE_EXPIRED",
    );
    const failure = describeLaunchFailure(err, FIELDS);
    expect(failure.remedy).toBe("retry");
    expect(failure.description).toBe(PREPARE_EXPIRED_MESSAGE);
    expect(failure.description).toMatch(/took too long to sign/);
  });

  it("LOOKALIKE_TOKEN: the server's message goes on the field it names", () => {
    const message =
      "$LOOKS looks like $LOOK5, the symbol of “Lookout”. Choose a symbol that cannot be mistaken for it.";
    const err = new ApiError(409, message, { symbol: message }, "LOOKALIKE_TOKEN");
    expect(describeLaunchFailure(err, FIELDS)).toEqual({
      description: message,
      fields: { symbol: message },
      remedy: "none",
    });
  });

  it("NOT_ENOUGH_SOL offers Get Test SOL; fields outside the form are left out", () => {
    const err = new ApiError(400, "Not enough test SOL", { creatorWallet: "x" }, "NOT_ENOUGH_SOL");
    expect(describeLaunchFailure(err, FIELDS)).toEqual({
      description: "Not enough test SOL",
      fields: {},
      remedy: "get-sol",
    });
  });

  it("anything else: its message, or the spec's fallback", () => {
    expect(describeLaunchFailure(new Error(""), FIELDS).description).toBe("Failed to create token");
    expect(describeLaunchFailure(new Error("Wallet refused"), FIELDS).description).toBe("Wallet refused");
  });
});
