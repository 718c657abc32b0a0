import type { AgentChatRequest } from "../engine";
import { terms } from "../retrieval/bm25";
import { knowledgeFor, retrieve } from "../retrieval/knowledge";
import { isReadableMessage } from "./description-check";

/** How an agent's free-text response style ("Inspiring and imaginative", "Technical and
 * educational") frames an answer: an opening line, how passages are laid out, a closing. */
interface Voice {
  open: string;
  bullets: boolean;
  close: string;
}

const VOICES: Array<{ match: RegExp; voice: Voice }> = [
  {
    match: /technical|educational|precise|detailed/i,
    voice: {
      open: "Here is what the notes say, point by point:",
      bullets: true,
      close: "Ask me to go deeper on any step.",
    },
  },
  {
    match: /strateg|analytic|business|data/i,
    voice: {
      open: "Key points from the notes:",
      bullets: true,
      close: "Want me to weigh the trade-offs for your situation?",
    },
  },
  {
    match: /inspir|imaginat|creative|playful|energetic/i,
    voice: {
      open: "Here's a spark from the notes ✨",
      bullets: false,
      close: "Take it somewhere new, and tell me what you make of it!",
    },
  },
  {
    match: /casual|friendly|chill|warm/i,
    voice: {
      open: "Sure! Here's what I've got:",
      bullets: false,
      close: "Anything else you want to dig into?",
    },
  },
];
const PLAIN: Voice = { open: "From the notes:", bullets: false, close: "" };

const GREETING = /^\s*(hi|hello|hey|yo|hiya|good (morning|afternoon|evening)|gm)\b[\s!.,]*$/i;

/** Answers from the agent's notes and its token's facts only, in its response style, and
 * says plainly when the notes do not cover the question. Yields word-sized chunks. */
export function answerOffline(request: AgentChatRequest): AsyncIterable<string> {
  return streamAnswer(composeAnswer(request));
}

/** A composed answer as the chunks a reply streams (word by word, as a model's would). */
export async function* streamAnswer(text: string): AsyncIterable<string> {
  yield* words(text);
}

export function composeAnswer(request: AgentChatRequest): string {
  const { agent, token } = request;
  const voice = VOICES.find((v) => v.match.test(agent.responseStyle))?.voice ?? PLAIN;
  const knowledge = knowledgeFor(request);

  if (GREETING.test(request.message)) {
    return [
      `Hi! I'm ${agent.name}, ${token.symbol} holders' ${agent.specialty.toLowerCase()} agent.`,
      `I answer from ${token.creator}'s notes${knowledge.topics.length ? ` on ${list(knowledge.topics)}` : ""}.`,
      agent.capabilities.length
        ? `I can help with ${list(agent.capabilities.map((c) => c.toLowerCase()))}.`
        : "",
    ]
      .filter(Boolean)
      .join(" ");
  }

  // Keyboard mash ("xxxx…", "asdfgh") is not a follow-up: leaning on the previous question
  // answered it with the notes. Real words in any script, more of them than mash, are read;
  // a word the notes contain ("meetup") always is.
  if (!isReadableMessage(request.message) && retrieve(knowledge, request.message).length === 0) {
    return [
      "I couldn't read that as a question.",
      knowledge.topics.length ? `Ask me about ${list(knowledge.topics)},` : "Ask me",
      `or about ${agent.specialty.toLowerCase()} and the ${token.symbol} token itself.`,
    ].join(" ");
  }

  // A short follow-up ("tell me more", "why?") leans on the previous question.
  let query = request.message;
  if (terms(query).length < 2) {
    const previous = [...request.history].reverse().find((t) => t.role === "user");
    if (previous) query = `${query} ${previous.content}`;
  }
  const hits = retrieve(knowledge, query);
  if (hits.length === 0) {
    return [
      `${token.creator}'s notes don't cover that, so I won't guess.`,
      knowledge.topics.length ? `I can answer about ${list(knowledge.topics)}.` : "",
      `Try asking about ${agent.specialty.toLowerCase()} or the ${token.symbol} token itself.`,
    ]
      .filter(Boolean)
      .join(" ");
  }
  const passages = hits.map((h) => h.chunk.text.replace(/^\s*(?:[-*•]|#{1,6}|\d+[.)])\s*/, ""));
  const body = voice.bullets ? passages.map((p) => `- ${p}`).join("\n") : passages.join(" ");
  const source = hits.every((h) => h.chunk.source === "facts")
    ? `(from the ${token.symbol} token's facts)`
    : `(from ${token.creator}'s notes)`;
  return [voice.open, body, source, voice.close].filter(Boolean).join("\n");
}

function list(items: string[]): string {
  if (items.length <= 1) return items.join("");
  return `${items.slice(0, -1).join(", ")} and ${items[items.length - 1]}`;
}

/** Word-sized pieces, whitespace kept, so the joined chunks equal the answer exactly. */
function* words(text: string): Iterable<string> {
  for (const match of text.matchAll(/\S+\s*/g)) yield match[0];
}
