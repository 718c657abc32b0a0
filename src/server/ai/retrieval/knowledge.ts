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
  return [...new Set(chunkNotes(notes).map((c) => topicOf(c.text)))].filter(Boolean).slice(0, 4);
}

const DETERMINER = /^(our|the|my|a|an|this|these|those|your|their)$/i;
const STOP =
  /^(is|are|was|were|be|on|at|in|of|for|to|with|and|or|by|from|before|after|every|each|will|can|it|we|you|they)$/i;

/** What a paragraph without a heading is about, as a phrase that can follow "ask me about":
 * a short first sentence as it is, else its first noun phrase ("Our meetup is on Friday at
 * 6pm" -> "our meetup"), never a sentence cut off mid-way ("Our meetup is on Friday at"). */
function topicOf(text: string): string {
  const sentence = (text.split(/[.:!?\n]/)[0] ?? "").trim().replace(/^[-*•]\s*/, "");
  const words = sentence.split(/\s+/).filter(Boolean);
  const lower = (w: string) => (/^[A-Z][a-z]/.test(w) ? w.toLowerCase() : w);
  if (words.length === 0) return "";
  if (words.length <= 3) return [lower(words[0] ?? ""), ...words.slice(1)].join(" ");
  const at = words.findIndex((w) => DETERMINER.test(w));
  const start = at >= 0 && at + 1 < words.length ? at : 0;
  const phrase = [lower(words[start] ?? "")];
  for (const w of words.slice(start + 1, start + 3)) {
    if (STOP.test(w)) break;
    phrase.push(w.replace(/[,;]$/, ""));
    if (/[,;]$/.test(w)) break;
  }
  while (phrase.length > 1 && STOP.test(phrase.at(-1) ?? "")) phrase.pop();
  return phrase.join(" ");
}
