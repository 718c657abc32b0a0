import { describe, expect, it } from "vitest";
import { ApiError, ServerUnreachableError } from "@/lib/api";
import { describeTradeFailure } from "./trade-failure";

// The market's codes arrive from the server as text; the client type knows only today's list.
const refusal = (status: number, message: string, code: string) =>
  new ApiError(status, message, undefined, code as ApiError["code"]);

describe("describeTradeFailure", () => {
  it("slippage: says the price moved and what to do", () => {
    const failure = describeTradeFailure(refusal(409, "Price moved", "SLIPPAGE_EXCEEDED"));
    expect(failure.description).toContain("Price moved: try again or raise your slippage");
    expect(failure.remedy).toBe("retry");
  });
  it("launch cap: the server's words once (they name the window, the cap and what is left)", () => {
    const said =
      "In the first 5 minutes of a market each wallet may buy at most 2% of the supply (you can still buy 2,000 ABC). Try a smaller amount, or wait until the launch window ends.";
    expect(describeTradeFailure(refusal(409, said, "LAUNCH_CAP")).description).toBe(said);
    expect(describeTradeFailure(refusal(409, "", "LAUNCH_CAP")).description).toMatch(
      /^In the first 5 minutes each wallet may buy at most 2% of the supply/,
    );
  });
  it("not enough SOL: offers test SOL", () => {
    const failure = describeTradeFailure(refusal(400, "You need 0.51 SOL.", "NOT_ENOUGH_SOL"));
    expect(failure.remedy).toBe("get-sol");
  });
  it("completed: the server's words about what happens next", () => {
    const failure = describeTradeFailure(refusal(409, "The curve sold out.", "MARKET_COMPLETED"));
    expect(failure).toMatchObject({ description: "The curve sold out.", remedy: "none" });
  });
  it("a wallet that declined: nothing traded, try again", () => {
    const failure = describeTradeFailure(new Error("User rejected the request."));
    expect(failure).toEqual({
      title: "Trade not sent",
      description: "User rejected the request. Nothing was traded: try again.",
      remedy: "retry",
    });
  });
  it("no answer at all: the trade may have gone through, and trying again is safe", () => {
    const failure = describeTradeFailure(new ServerUnreachableError());
    expect(failure.title).toBe("Connection lost");
    expect(failure.description).toContain("may or may not have gone through");
    expect(failure.description).not.toContain("Nothing was traded");
    expect(failure.remedy).toBe("retry");
  });
  it("a server fault may be retried, a plain refusal not", () => {
    expect(describeTradeFailure(new ApiError(503, "Ledger unavailable")).remedy).toBe("retry");
    expect(describeTradeFailure(new ApiError(400, "Bad amount")).remedy).toBe("none");
  });
});
