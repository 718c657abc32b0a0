import { isStopword, stem, tokenize } from "../offline/text";

export interface Chunk {
  id: number;
  text: string;
  /** The heading the passage sits under: indexed with it, not quoted. */
  heading?: string;
  /** "notes" for the creator's knowledge notes, "facts" for the token's own facts. */
  source: "notes" | "facts";
}

export interface Hit {
  chunk: Chunk;
  score: number;
  /** Query terms this chunk contains. */
  matched: string[];
}

/** Content terms of a text, stemmed: what BM25 scores. */
export function terms(text: string): string[] {
  return tokenize(text)
    .filter((w) => w.length >= 2 && !isStopword(w))
    .map(stem);
}

/** Okapi BM25 over a small set of chunks (an agent's notes: tens to hundreds of chunks),
 * built once per agent and kept in memory. k1 = 1.2, b = 0.75: the usual defaults. */
export class Bm25Index {
  private readonly docs: Array<{ chunk: Chunk; tf: Map<string, number>; length: number }>;
  private readonly df = new Map<string, number>();
  private readonly avgLength: number;

  constructor(
    chunks: Chunk[],
    private readonly k1 = 1.2,
    private readonly b = 0.75,
  ) {
    this.docs = chunks.map((chunk) => {
      const tf = new Map<string, number>();
      const words = terms(chunk.heading ? `${chunk.heading} ${chunk.text}` : chunk.text);
      for (const w of words) tf.set(w, (tf.get(w) ?? 0) + 1);
      for (const w of tf.keys()) this.df.set(w, (this.df.get(w) ?? 0) + 1);
      return { chunk, tf, length: words.length };
    });
    this.avgLength = this.docs.reduce((s, d) => s + d.length, 0) / Math.max(1, this.docs.length);
  }

  get size(): number {
    return this.docs.length;
  }

  search(query: string, limit = 3): Hit[] {
    const queryTerms = [...new Set(terms(query))];
    const n = this.docs.length;
    const hits: Hit[] = [];
    for (const doc of this.docs) {
      let score = 0;
      const matched: string[] = [];
      for (const term of queryTerms) {
        const f = doc.tf.get(term);
        if (!f) continue;
        const df = this.df.get(term) ?? 0;
        const idf = Math.log(1 + (n - df + 0.5) / (df + 0.5));
        score +=
          (idf * f * (this.k1 + 1)) / (f + this.k1 * (1 - this.b + (this.b * doc.length) / this.avgLength));
        matched.push(term);
      }
      if (score > 0) hits.push({ chunk: doc.chunk, score, matched });
    }
    return hits.sort((a, b) => b.score - a.score).slice(0, limit);
  }
}

/** A sentence ends at . ! or ? (and any closing quote or bracket after it) followed by a space
 * and what can start a sentence: a capital, a digit, an opening quote, or a letter of a script
 * without case. So `("can you do risograph?") before you order` stays one sentence, and no
 * character is ever dropped. */
const SENTENCE_END =
  /(?<=[.!?]["'\u201D\u2019)\]]*)\s+(?=["'\u201C\u2018([\u00BF\u00A1]?[\p{Lu}\p{Lt}\p{Lo}\p{N}])/u;

function sentencesOf(text: string): string[] {
  return text.split(SENTENCE_END).filter((s) => s.trim());
}

/** Splits notes into retrievable passages: paragraphs under their Markdown heading, long
 * ones cut at sentence ends near `maxWords`, so an answer quotes a focused passage. */
export function chunkNotes(notes: string, maxWords = 70): Array<{ text: string; heading?: string }> {
  const out: Array<{ text: string; heading?: string }> = [];
  let heading: string | undefined;
  const paragraphs: Array<{ text: string; heading?: string }> = [];
  let current: string[] = [];
  const flush = () => {
    const text = current.join(" ").replace(/\s+/g, " ").trim();
    if (text) paragraphs.push({ text, heading });
    current = [];
  };
  for (const line of notes.split("\n")) {
    const h = /^\s*#{1,6}\s+(.+)$/.exec(line);
    if (h) {
      flush();
      heading = h[1]?.trim();
    } else if (!line.trim() || /^\s*(?:[-*•]|\d+[.)])\s/.test(line)) {
      flush();
      if (line.trim()) current.push(line.trim());
    } else {
      current.push(line.trim());
    }
  }
  flush();
  for (const paragraph of paragraphs) {
    const sentences = sentencesOf(paragraph.text);
    let piece = "";
    for (const sentence of sentences) {
      const next = piece ? `${piece} ${sentence.trim()}` : sentence.trim();
      if (piece && next.split(" ").length > maxWords) {
        out.push({ text: piece, heading: paragraph.heading });
        piece = sentence.trim();
      } else {
        piece = next;
      }
    }
    if (piece) out.push({ text: piece, heading: paragraph.heading });
  }
  return out;
}
