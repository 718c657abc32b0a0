import { MORE_THAN_HELD_MESSAGE, parseTokenAmountInput } from "@shared/amount-input";
import { formatAmount, groupDigits } from "@shared/amounts";
import type { AirdropResult } from "@shared/schemas/analytics";

export type AmountCheck = { ok: true; units: bigint } | { ok: false; error: string | null };

/** The amount each chosen member gets, checked before sending: its text, then the total
 * (amount x members) against what the creator holds (`heldUnits` null while unknown: the
 * server checks). `error` is null for an empty box. */
export function checkSendAmount(
  text: string,
  token: { decimals: number; symbol: string },
  members: number,
  heldUnits: bigint | null,
): AmountCheck {
  const parsed = parseTokenAmountInput(text, token.decimals, token.symbol);
  if (!parsed.ok || heldUnits === null || members === 0) return parsed;
  const total = parsed.units * BigInt(members);
  if (total <= heldUnits) return parsed;
  const amount = (units: bigint) => `${groupDigits(formatAmount(units, token.decimals))} ${token.symbol}`;
  const error =
    members === 1
      ? `${MORE_THAN_HELD_MESSAGE}: you have ${amount(heldUnits)}`
      : `${MORE_THAN_HELD_MESSAGE}: ${members} members × ${amount(parsed.units)} is ${amount(total)}, and you have ${amount(heldUnits)}`;
  return { ok: false, error };
}

export interface SendToast {
  title: string;
  description: string;
  variant: "success" | "destructive";
}

/** The toast after a send: its title says whether all, some or none of the members got it. */
export function sendResultToast(
  results: AirdropResult["results"],
  amount: string,
  symbol: string,
): SendToast {
  const sent = results.filter((r) => r.status === "sent").length;
  const total = results.length;
  if (sent === total)
    return {
      title: "Tokens sent",
      description: `${sent} of ${total} members received ${amount} ${symbol}.`,
      variant: "success",
    };
  if (sent > 0)
    return {
      title: "Some transfers failed",
      description: `${sent} of ${total} members received ${amount} ${symbol}.`,
      variant: "destructive",
    };
  // One reason for all is said; different reasons are listed under the form.
  const reasons = new Set(results.map((r) => r.error ?? ""));
  const [reason] = reasons;
  const why = reasons.size === 1 && reason ? `: ${reason}` : ". The reasons are listed in the dialog.";
  return {
    title: "Send failed",
    description: `No member received ${amount} ${symbol}${why}`,
    variant: "destructive",
  };
}
