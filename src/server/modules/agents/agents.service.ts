import { randomUUID } from "node:crypto";
import { PassThrough } from "node:stream";
import { readAmountInWords, tooManyDecimalsMessage } from "@shared/amount-input";
import { parseAmount } from "@shared/amounts";
import {
  type Agent,
  type AgentFieldsSchema,
  accessDeniedMessage,
  type ChatMessage,
  type CreateAgentSchema,
  type ManagedAgent,
} from "@shared/schemas/agents";
import type { z } from "zod";
import type { AiEngine, EngineInfo } from "../../ai/engine";
import { badRequest, forbidden, notFound } from "../../http-errors";
import { keyedId } from "../../lib/keyed-id";
import { KeyedTurns } from "../../lib/keyed-turns";
import { AgentCache, ConversationCache } from "./agents.cache";
import { presentAgent, presentManaged, presentMessage, requirementText } from "./agents.presenter";
import type { AgentsRepo, AgentWithToken } from "./agents.repo";

/** Where balances come from: the chain, through the tokens service. The one place the
 * agents module reads holdings. */
export interface Holdings {
  balanceUnits(userId: string, mint: string): Promise<bigint>;
  /** Base units the user's wallets hold of each of these mints (absent: none). */
  unitsOf(userId: string, mints: readonly string[]): Promise<Map<string, bigint>>;
}

type Fields = z.output<typeof AgentFieldsSchema>;
type CreateInput = z.output<typeof CreateAgentSchema>;

export const NOT_CREATOR = "Only the token's creator can manage its agents";
const HISTORY_TURNS = 10;
const HISTORY_PAGE = 200;

/** A reply under way: the engine is known, chunks flow, and once they are consumed (or the
 * listener leaves) the reply is stored and `saved()` resolves with it. */
export interface ChatSession {
  engine: EngineInfo;
  userMessage: ChatMessage;
  chunks: AsyncIterable<string>;
  saved(): Promise<ChatMessage>;
}

/** A keyed exchange's question and answer ids: the same user, agent and key give the same ids. */
function exchangeIds(userId: string, agentId: string, key: string): { question: string; answer: string } {
  const base = keyedId(userId, agentId, key);
  return { question: `${base}-q`, answer: `${base}-a` };
}

/** Token-gated agents: creators manage them; holders chat with them. Access is decided by
 * the on-chain balance, read again for every message. */
export class AgentsService {
  private readonly agentCache: AgentCache;
  private readonly conversations = new ConversationCache(HISTORY_TURNS);
  /** Keyed exchanges being answered now, by answer id. */
  private readonly answering = new KeyedTurns();

  constructor(private readonly deps: { repo: AgentsRepo; holdings: Holdings; ai: AiEngine }) {
    this.agentCache = new AgentCache();
  }

  async list(userId: string | null): Promise<Agent[]> {
    const rows = await this.agentCache.active(() => this.deps.repo.listActive());
    const held = userId ? await this.heldUnits(userId, rows) : null;
    return rows.map((row) =>
      presentAgent(row, {
        userId,
        unlocked: held !== null && this.unlocked(row, held),
        held: held === null ? null : (held.get(row.token.mintAddress) ?? 0n),
      }),
    );
  }

  async listMine(userId: string): Promise<ManagedAgent[]> {
    const rows = await this.deps.repo.listOfCreator(userId);
    const held = await this.heldUnits(userId, rows);
    return rows.map((row) => presentManaged(row, userId, held.get(row.token.mintAddress) ?? 0n));
  }

  /** Told of each write: an agent's row (create, update), or a user's conversation with it
   * (a stored reply). Other nodes forget what they keep of it (docs/decisions/013). */
  onChanged: ((change: { agentId: string; userId?: string }) => void) | null = null;

  /** Another node wrote this agent, or this user's conversation with it. */
  forget(change: { agentId: string; userId?: string }): void {
    if (change.userId === undefined) this.agentCache.forget(change.agentId);
    else this.conversations.forget(change.agentId, change.userId);
  }

  /** These users' token rows changed (agents' rows carry their token). */
  forgetTokensOf(userIds: string[]): void {
    this.agentCache.forgetTokensOf(userIds);
  }

  /** Notices were missed (the change bus reconnected): agents and conversations load again. */
  forgetAll(): void {
    this.agentCache.forgetAll();
    this.conversations.clear();
  }

  async create(userId: string, input: CreateInput): Promise<ManagedAgent> {
    const token = await this.deps.repo.tokenByMint(input.tokenMint);
    if (!token || token.status === "failed") throw notFound("Token not found");
    if (token.userId !== userId) throw forbidden(NOT_CREATOR);
    const { tokenMint: _mint, tokenRequirement, ...fields } = input;
    const id = randomUUID();
    const requirement = requirementUnits(tokenRequirement, token).toString();
    await this.agentCache.writing(() =>
      this.deps.repo.insert({
        id,
        tokenId: token.id,
        mintAddress: token.mintAddress,
        ...fields,
        requirementUnits: requirement,
      }),
    );
    this.onChanged?.({ agentId: id });
    return this.managed(userId, id);
  }

  async update(userId: string, agentId: string, patch: Partial<Fields>): Promise<ManagedAgent> {
    const row = await this.deps.repo.byId(agentId);
    if (!row) throw notFound("Agent not found");
    if (row.token.userId !== userId) throw forbidden(NOT_CREATOR);
    const { tokenRequirement, ...fields } = patch;
    const requirement =
      tokenRequirement === undefined
        ? {}
        : { requirementUnits: requirementUnits(tokenRequirement, row.token).toString() };
    await this.agentCache.writing(() =>
      this.deps.repo.update(agentId, { ...fields, ...requirement, updatedAt: new Date() }),
    );
    this.agentCache.drop(agentId);
    this.onChanged?.({ agentId });
    return this.managed(userId, agentId);
  }

  /** The session user's own conversation with an agent (never anyone else's). */
  async history(userId: string, agentId: string): Promise<ChatMessage[]> {
    const row = await this.deps.repo.byId(agentId);
    if (!row) throw notFound("Agent not found");
    return (await this.deps.repo.conversation(agentId, userId, HISTORY_PAGE)).map(presentMessage);
  }

  async startChat(
    userId: string,
    agentId: string,
    message: string,
    signal?: AbortSignal,
    idempotencyKey?: string,
  ): Promise<ChatSession> {
    const row = await this.agentCache.get(agentId, (id) => this.deps.repo.byId(id));
    // "Not failed" rather than "active": a launch's confirmation is written behind (tokens.repo).
    if (!row?.agent.isActive || row.token.status === "failed") throw notFound("Agent not found");
    // With a key, the exchange's ids follow from it: a resend after a lost answer finds the
    // stored one and answers it again instead of asking (and storing) twice.
    const ids = idempotencyKey ? exchangeIds(userId, agentId, idempotencyKey) : null;
    if (!ids) return this.ask(userId, row, message, null, signal);
    // A resend while the first is still being answered waits for it to be stored.
    const release = await this.answering.take(ids.answer);
    try {
      const replay = await this.replay(userId, ids);
      if (replay) {
        release();
        return replay;
      }
      // Not aborted when the listener leaves: the answer a resend will be given is the whole one.
      const session = await this.ask(userId, row, message, ids);
      void session.saved().then(release, release);
      return session;
    } catch (err) {
      release();
      throw err;
    }
  }

  /** Asks the engine and streams its answer; both messages are stored once it ends. */
  private async ask(
    userId: string,
    row: AgentWithToken,
    message: string,
    ids: { question: string; answer: string } | null,
    signal?: AbortSignal,
  ): Promise<ChatSession> {
    const agentId = row.agent.id;
    // The balance check (on chain, every message) and the history are independent.
    const [, history] = await Promise.all([
      this.assertUnlocked(userId, row),
      this.conversations.get(agentId, userId, async () =>
        (await this.deps.repo.conversation(agentId, userId, HISTORY_TURNS)).map((m) => ({
          role: m.isUser ? ("user" as const) : ("assistant" as const),
          content: m.content,
        })),
      ),
    ]);
    // Both messages are stored together once the reply ends, so no database write sits
    // between the question and the first byte of the answer.
    const question = {
      id: ids?.question ?? randomUUID(),
      agentId,
      userId,
      isUser: true,
      content: message,
      engine: null,
      createdAt: new Date(),
    };
    const reply = await this.deps.ai.chat({
      agent: row.agent,
      token: {
        name: row.token.name,
        symbol: row.token.symbol,
        mint: row.token.mintAddress,
        totalSupply: row.token.totalSupply,
        creator: row.creator.username ?? "the creator",
      },
      history,
      message,
      signal,
    });

    const store = async (text: string) => {
      const answer = {
        id: ids?.answer ?? randomUUID(),
        agentId,
        userId,
        isUser: false,
        content: text.trim() || "(no answer)",
        engine: reply.engine.label,
        // Strictly after the question, even within the same millisecond.
        createdAt: new Date(Math.max(Date.now(), question.createdAt.getTime() + 1)),
      };
      await this.deps.repo.insertMessages([question, answer]);
      this.conversations.append(
        agentId,
        userId,
        { role: "user", content: question.content },
        { role: "assistant", content: answer.content },
      );
      this.onChanged?.({ agentId, userId });
      return presentMessage(answer);
    };
    // The engine is read to its end whether or not anyone still listens (an aborted one ends
    // early), and what it said is stored; the listener reads from the buffer between.
    const chunks = new PassThrough({ objectMode: true });
    const saved = (async () => {
      let text = "";
      try {
        for await (const chunk of reply.chunks) {
          text += chunk;
          if (!chunks.destroyed) chunks.write(chunk);
        }
        chunks.end();
      } catch (err) {
        chunks.destroy(err instanceof Error ? err : new Error(String(err)));
      }
      return store(text);
    })();
    // Awaited by the route when it can; a listener that left must not crash the process.
    saved.catch(() => {});
    return {
      engine: reply.engine,
      userMessage: presentMessage(question),
      chunks,
      saved: () => saved,
    };
  }

  /** The stored exchange of a repeated request, answered as it was (the access check was
   * made when it was asked). */
  private async replay(
    userId: string,
    ids: { question: string; answer: string },
  ): Promise<ChatSession | null> {
    const [question, answer] = await Promise.all([
      this.deps.repo.messageOf(userId, ids.question),
      this.deps.repo.messageOf(userId, ids.answer),
    ]);
    if (!question || !answer) return null;
    const reply = presentMessage(answer);
    async function* once(): AsyncIterable<string> {
      yield answer?.content ?? "";
    }
    return {
      engine: { kind: this.deps.ai.kind, label: answer.engine ?? this.deps.ai.label },
      userMessage: presentMessage(question),
      chunks: once(),
      saved: async () => reply,
    };
  }

  private async assertUnlocked(userId: string, row: AgentWithToken): Promise<void> {
    const units = await this.deps.holdings.balanceUnits(userId, row.token.mintAddress);
    if (units < BigInt(row.agent.requirementUnits)) {
      throw forbidden(accessDeniedMessage(requirementText(row), row.token.symbol), "TOKEN_GATED");
    }
  }

  private unlocked(row: AgentWithToken, held: Map<string, bigint>): boolean {
    return (held.get(row.token.mintAddress) ?? 0n) >= BigInt(row.agent.requirementUnits);
  }

  /** What the user holds of these agents' tokens (not of everything they hold). */
  private heldUnits(userId: string, rows: readonly AgentWithToken[]): Promise<Map<string, bigint>> {
    return this.deps.holdings.unitsOf(
      userId,
      rows.map((row) => row.token.mintAddress),
    );
  }

  private async managed(userId: string, agentId: string): Promise<ManagedAgent> {
    const row = await this.deps.repo.byId(agentId);
    if (!row) throw notFound("Agent not found");
    const held = await this.heldUnits(userId, [row]);
    return presentManaged(row, userId, held.get(row.token.mintAddress) ?? 0n);
  }
}

const NOT_A_NUMBER = "Must be a number of tokens";
const NOT_ABOVE_ZERO = "Requirement must be more than 0";
const OVER_SUPPLY = "Requirement exceeds the token's total supply";

/** Whole tokens (decimal string) to base units; positive and within the token's supply. Each
 * refusal says what is wrong ("CLAP has at most 9 decimals", not "not a number"). */
function requirementUnits(
  text: string,
  token: { decimals: number; totalSupply: string; symbol: string },
): bigint {
  const read = readAmountInWords(text, token.decimals, {
    comma: NOT_A_NUMBER,
    "not-a-number": NOT_A_NUMBER,
    negative: NOT_ABOVE_ZERO,
    zero: NOT_ABOVE_ZERO,
    decimals: tooManyDecimalsMessage(token.symbol, token.decimals),
    "too-large": OVER_SUPPLY,
  });
  if (!read.ok) {
    const message = read.error ?? NOT_A_NUMBER;
    throw badRequest(message, { tokenRequirement: message });
  }
  const supply = (parseAmount(token.totalSupply, 0) ?? 0n) * 10n ** BigInt(token.decimals);
  if (read.units > supply) throw badRequest(OVER_SUPPLY, { tokenRequirement: OVER_SUPPLY });
  return read.units;
}
