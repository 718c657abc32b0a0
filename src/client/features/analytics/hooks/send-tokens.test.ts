import { AMOUNT_COMMA_MESSAGE, AMOUNT_POSITIVE_MESSAGE } from "@shared/amount-input";
import type { AirdropResult } from "@shared/schemas/analytics";
import { describe, expect, it } from "vitest";
import { checkSendAmount, sendResultToast } from "./send-tokens";

const LUMN = { decimals: 9, symbol: "LUMN" };
const tokens = (n: bigint) => n * 10n ** 9n;

describe("Engage Community: the amount for each member, checked before sending", () => {
  it("says why the text is not an amount", () => {
    expect(checkSendAmount("1.1234567891", LUMN, 1, null)).toEqual({
      ok: false,
      error: "LUMN has at most 9 decimals",
    });
    expect(checkSendAmount("-1", LUMN, 1, null)).toEqual({ ok: false, error: AMOUNT_POSITIVE_MESSAGE });
    expect(checkSendAmount("0", LUMN, 1, null)).toEqual({ ok: false, error: AMOUNT_POSITIVE_MESSAGE });
    expect(checkSendAmount("1,5", LUMN, 1, null)).toEqual({ ok: false, error: AMOUNT_COMMA_MESSAGE });
    expect(checkSendAmount("", LUMN, 1, null)).toEqual({ ok: false, error: null });
  });
  it("refuses more than the creator holds, counted over every chosen member", () => {
    expect(checkSendAmount("199501", LUMN, 1, tokens(199_500n))).toEqual({
      ok: false,
      error: "More than you hold: you have 199,500 LUMN",
    });
    expect(checkSendAmount("100000", LUMN, 2, tokens(199_500n))).toEqual({
      ok: false,
      error: "More than you hold: 2 members × 100,000 LUMN is 200,000 LUMN, and you have 199,500 LUMN",
    });
    expect(checkSendAmount("99750", LUMN, 2, tokens(199_500n))).toEqual({ ok: true, units: tokens(99_750n) });
  });
  it("leaves the balance to the server while it is unknown", () => {
    expect(checkSendAmount("5", LUMN, 3, null)).toEqual({ ok: true, units: tokens(5n) });
  });
});

describe("Engage Community: the toast after a send", () => {
  const result = (status: "sent" | "failed", error: string | null = null) => ({
    address: `addr-${Math.random()}`,
    amount: "5",
    status,
    signature: status === "sent" ? "sig" : null,
    error,
  });
  const toast = (results: AirdropResult["results"]) => sendResultToast(results, "5", "LUMN");

  it("all sent", () => {
    expect(toast([result("sent"), result("sent")])).toEqual({
      title: "Tokens sent",
      description: "2 of 2 members received 5 LUMN.",
      variant: "success",
    });
  });
  it("some sent", () => {
    expect(toast([result("sent"), result("failed", "Not enough LUMN: you have 3")])).toEqual({
      title: "Some transfers failed",
      description: "1 of 2 members received 5 LUMN.",
      variant: "destructive",
    });
  });
  it("none sent: never 'Some', and the one reason is said", () => {
    expect(toast([result("failed", "Not enough LUMN: you have 3")])).toEqual({
      title: "Send failed",
      description: "No member received 5 LUMN: Not enough LUMN: you have 3",
      variant: "destructive",
    });
    expect(toast([result("failed", "A"), result("failed", "B")]).description).toBe(
      "No member received 5 LUMN. The reasons are listed in the dialog.",
    );
  });
});
