import type { ChatTurn } from "../../ai/engine";
import { BoundedCache } from "../../lib/bounded-cache";
import type { AgentWithToken } from "./agents.repo";

/** Agent rows for chat, and the list of active agents for the agents page: every message
 * needs its agent and token, every visit the list, and those change rarely. Kept until a
 * write drops them: an agent's (here, and on every other API node by the change bus), or a
 * token's (a launch that fails after its agent was made leaves the list: `forgetAll`). */
export class AgentCache {
  private readonly rows = new BoundedCache<string, AgentWithToken>({ max: 5_000 });
  private list: AgentWithToken[] | null = null;
  /** The read under way, shared by the requests that arrive meanwhile. */
  private loading: Promise<AgentWithToken[]> | null = null;
  /** Writes finished and under way: a list read that overlapped one is not kept. */
  private writes = 0;
  private writesUnderWay = 0;

  active(load: () => Promise<AgentWithToken[]>): Promise<AgentWithToken[]> {
    if (this.list) return Promise.resolve(this.list);
    if (this.loading) return this.loading;
    const writesBefore = this.writes;
    const loading = load().then((rows) => {
      if (this.writes === writesBefore && this.writesUnderWay === 0) this.list = rows;
      return rows;
    });
    this.loading = loading;
    // A write drops `loading` too, so a request after it never gets a list read before it.
    const done = () => {
      if (this.loading === loading) this.loading = null;
    };
    loading.then(done, done);
    return loading;
  }

  /** Runs a write of agent rows; the list is read afresh after it. */
  async writing<T>(write: () => Promise<T>): Promise<T> {
    this.writesUnderWay += 1;
    try {
      return await write();
    } finally {
      this.writesUnderWay -= 1;
      this.writes += 1;
      this.list = null;
      this.loading = null;
    }
  }

  async get(
    id: string,
    load: (id: string) => Promise<AgentWithToken | null>,
  ): Promise<AgentWithToken | null> {
    const hit = this.rows.get(id);
    if (hit) return hit;
    const row = await load(id);
    if (row) this.rows.set(id, row);
    else this.rows.delete(id);
    return row;
  }

  drop(id: string): void {
    this.rows.delete(id);
  }

  /** Another node wrote this agent: its row and the list are read afresh. */
  forget(id: string): void {
    this.writes += 1;
    this.list = null;
    this.loading = null;
    this.rows.delete(id);
  }

  /** These users' token rows changed (a launch, its confirmation or its failure). A launched
   * token's row is never rewritten, so only agents of a launch still pending can be touched:
   * with none of those users' among the active agents, what is kept stays. */
  forgetTokensOf(userIds: Iterable<string>): void {
    const users = new Set(userIds);
    const touched = (r: AgentWithToken) => users.has(r.token.userId) && r.token.status !== "active";
    if (this.list && !this.list.some(touched)) return;
    this.forgetAll();
  }

  /** Notices were missed: all is read afresh. */
  forgetAll(): void {
    this.writes += 1;
    this.list = null;
    this.loading = null;
    this.rows.clear();
  }
}

/** The last few turns of each recent conversation, so a message does not re-read its
 * history: loaded once from the database, then extended as replies are stored. Only the
 * context given to the engine comes from here; GET …/messages always reads the database. */
export class ConversationCache {
  private readonly turns = new Map<string, ChatTurn[]>();

  constructor(
    private readonly keep: number,
    private readonly maxConversations = 10_000,
  ) {}

  async get(agentId: string, userId: string, load: () => Promise<ChatTurn[]>): Promise<ChatTurn[]> {
    const key = `${agentId}\u0000${userId}`;
    const hit = this.turns.get(key);
    if (hit) {
      // Refresh its place in insertion order: the oldest conversation is evicted first.
      this.turns.delete(key);
      this.turns.set(key, hit);
      return hit;
    }
    const loaded = (await load()).slice(-this.keep);
    this.set(key, loaded);
    return loaded;
  }

  append(agentId: string, userId: string, ...added: ChatTurn[]): void {
    const key = `${agentId}\u0000${userId}`;
    const current = this.turns.get(key);
    // Not cached: the next message loads it from the database, which has these rows.
    if (current) this.set(key, [...current, ...added].slice(-this.keep));
  }

  /** Another node stored turns of this conversation: the next message loads it again. */
  forget(agentId: string, userId: string): void {
    this.turns.delete(`${agentId}\u0000${userId}`);
  }

  /** Notices were missed (the change bus reconnected): every conversation loads again. */
  clear(): void {
    this.turns.clear();
  }

  private set(key: string, turns: ChatTurn[]): void {
    this.turns.delete(key);
    this.turns.set(key, turns);
    if (this.turns.size > this.maxConversations) {
      const oldest = this.turns.keys().next().value;
      if (oldest !== undefined) this.turns.delete(oldest);
    }
  }
}
