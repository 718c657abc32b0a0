import { groupDigits } from "@shared/amounts";
import type { AgentChatRequest } from "../engine";
import { hash } from "../offline/text";
import { Bm25Index, type Chunk, chunkNotes, type Hit } from "./bm25";

/** What an agent knows: the creator's notes plus its token's facts, as one BM25 index. */
export interface Knowledge {
  index: Bm25Index;
  /** Headline topics of the notes, for "my notes cover ..." answers. */
  topics: string[];
}

const cache = new Map<number, Knowledge>();
const CACHE_MAX = 200;

/** The index for an agent, built once per distinct notes + facts and kept (LRU, 200). */
export function knowledgeFor(request: Pick<AgentChatRequest, "agent" | "token">): Knowledge {
  const facts = tokenFacts(request);
  const key = hash(`${request.agent.knowledgeNotes}\u0000${facts.join("\u0000")}`);
  const cached = cache.get(key);
  if (cached) {
    cache.delete(key);
    cache.set(key, cached);
    return cached;
  }
  const notes = chunkNotes(request.agent.knowledgeNotes);
  const chunks: Chunk[] = [
    ...notes.map((note, id) => ({ id, ...note, source: "notes" as const })),
    ...facts.map((text, i) => ({ id: notes.length + i, text, source: "facts" as const })),
  ];
  const knowledge = { index: new Bm25Index(chunks), topics: topicsOf(request.agent.knowledgeNotes) };
  cache.set(key, knowledge);
  if (cache.size > CACHE_MAX) cache.delete(cache.keys().next().value as number);
  return knowledge;
}

/** The passages worth answering from: the best hit, and others close to it. */
export function retrieve(knowledge: Knowledge, query: string, limit = 3): Hit[] {
  const hits = knowledge.index.search(query, limit);
  const best = hits[0]?.score ?? 0;
  return hits.filter((h) => h.score >= best * 0.5);
}

function tokenFacts({ agent, token }: Pick<AgentChatRequest, "agent" | "token">): string[] {
  return [
    `${token.name} (${token.symbol}) is the token this agent belongs to; it was created by ${token.creator}.`,
    `The total supply of ${token.symbol} is ${groupDigits(token.totalSupply)} tokens, fixed at launch.`,
    `The ${token.symbol} mint address is ${token.mint}.`,
    `${agent.name} is a ${agent.tier} agent for ${token.symbol} holders, specialised in ${agent.specialty}. ${agent.description}`,
    `${agent.name} can help with: ${agent.capabilities.join(", ")}.`,
  ];
}

/** Markdown-style headings or the first words of each paragraph. */
function topicsOf(notes: string): string[] {
  const headings = [...notes.matchAll(/^\s*#{1,6}\s+(.+)$/gm)].map((m) => (m[1] ?? "").trim());
  if (headings.length) return headings.slice(0, 5);
  const firstWords = (text: string) => (text.split(/[.:!?]/)[0] ?? "").split(" ").slice(0, 6).join(" ");
  return chunkNotes(notes)
    .map((c) => firstWords(c.text))
    .filter(Boolean)
    .slice(0, 4);
}
