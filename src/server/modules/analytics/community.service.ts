import { createHash, randomUUID } from "node:crypto";
import { AMOUNT_POSITIVE_MESSAGE, parseTokenAmountInput } from "@shared/amount-input";
import type { AirdropRequest, AirdropResult, TokenPosts } from "@shared/schemas/analytics";
import { badRequest, forbidden, HttpError } from "../../http-errors";
import { LedgerError } from "../../ledger/ledger";
import { keyedId } from "../../lib/keyed-id";
import type { TokenRow } from "../tokens/tokens.repo";
import type { TokensService } from "../tokens/tokens.service";
import type { TransferService } from "../tokens/transfer.service";
import type { AnalyticsRepo } from "./analytics.repo";

interface Deps {
  repo: AnalyticsRepo;
  tokens: Pick<TokensService, "getByMint" | "readerIndexed">;
  transfers: Pick<TransferService, "transfer">;
}

const POSTS_SHOWN = 20;

/** The key of one recipient's transfer within an airdrop: the same request (same key) always
 * maps a recipient to the same transfer, whatever the order, so a retry never pays twice. */
export function airdropKey(requestKey: string, address: string): string {
  const digest = createHash("sha256").update(requestKey).digest("base64url").slice(0, 24);
  return `airdrop:${digest}:${address}`;
}

/** Engage Community: the creator sends tokens to chosen members in one step, and posts
 * updates that the token's holders (and the creator) read on the token page. */
export class CommunityService {
  constructor(private deps: Deps) {}

  /** One recorded, idempotent transfer per recipient (the durable transfer path), one after
   * another from the creator's wallets; each recipient's outcome is reported on its own. */
  async airdrop(userId: string, mint: string, input: AirdropRequest): Promise<AirdropResult> {
    const token = await this.creatorToken(
      userId,
      mint,
      "Only the token's creator can send tokens to its community",
    );
    const seen = new Set<string>();
    for (const [i, r] of input.recipients.entries()) {
      const address = r.address.trim();
      if (seen.has(address))
        throw badRequest("Each member can be chosen once", { recipients: "Each member can be chosen once" });
      seen.add(address);
      // An amount the token cannot carry is the request's fault, refused before anyone is paid
      // (the transfer path would fail each row on its own, after a 200).
      const amount = parseTokenAmountInput(r.amount, token.decimals, token.symbol);
      if (!amount.ok) {
        const message = amount.error ?? AMOUNT_POSITIVE_MESSAGE;
        throw badRequest(message, { [`recipients.${i}.amount`]: message });
      }
    }
    const results: AirdropResult["results"] = [];
    for (const r of input.recipients) {
      const address = r.address.trim();
      try {
        const sent = await this.deps.transfers.transfer(userId, mint, {
          to: address,
          amount: r.amount,
          idempotencyKey: airdropKey(input.idempotencyKey, address),
        });
        results.push({
          address,
          amount: sent.amount,
          status: "sent",
          signature: sent.signature,
          error: null,
        });
      } catch (err) {
        if (!(err instanceof HttpError || err instanceof LedgerError)) throw err;
        results.push({
          address,
          amount: r.amount.trim(),
          status: "failed",
          signature: null,
          error: err.message,
        });
      }
    }
    return { results };
  }

  /** With a key, the post's id is derived from the author, the token and the key: the same
   * request again finds the post it made instead of posting twice. */
  async post(userId: string, mint: string, body: string, idempotencyKey?: string) {
    await this.creatorToken(userId, mint, "Only the token's creator can post updates");
    const id = idempotencyKey ? keyedId(userId, mint, idempotencyKey) : randomUUID();
    const row = await this.deps.repo.insertPostOnce({ id, tokenMint: mint, userId, body });
    return { id: row.id, body: row.body, createdAt: row.createdAt.toISOString() };
  }

  /** Posts are for the community: the creator and whoever holds the token now. */
  async posts(userId: string | null, mint: string): Promise<TokenPosts> {
    const token = await this.deps.tokens.getByMint(mint);
    // A reader who just bought (or was sent some) holds it: their own commits are indexed first.
    if (userId !== null && userId !== token.userId) await this.deps.tokens.readerIndexed(mint, userId);
    const visible =
      userId !== null && (userId === token.userId || (await this.deps.repo.holdsMint(userId, mint)));
    if (!visible) return { visible: false, posts: [] };
    const rows = await this.deps.repo.posts(mint, POSTS_SHOWN);
    return {
      visible: true,
      posts: rows.map((r) => ({
        id: r.id,
        body: r.body,
        author: r.author,
        createdAt: r.createdAt.toISOString(),
      })),
    };
  }

  private async creatorToken(userId: string, mint: string, refusal: string): Promise<TokenRow> {
    const token = await this.deps.tokens.getByMint(mint);
    if (token.userId !== userId) throw forbidden(refusal);
    if (token.status !== "active")
      throw badRequest("This token is not live yet", undefined, "TOKEN_NOT_LIVE");
    return token;
  }
}
