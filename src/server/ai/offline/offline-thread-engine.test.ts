import { GenerateIdentitySchema } from "@shared/schemas/ai";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AgentChatRequest, DraftContext } from "../engine";
import { OfflineEngine } from "./engine";
import { OfflineThreadEngine } from "./offline-thread-engine";

// A server runs the offline engine on its own thread: every answer must be the one the engine
// gives on the event loop, the symbols it may use still decided by the server's database.

const here = new OfflineEngine();
let thread: OfflineThreadEngine;
beforeAll(async () => {
  thread = await OfflineThreadEngine.start();
});
afterAll(async () => {
  await thread.close();
});

const identity = GenerateIdentitySchema.parse({
  userInput: "I'm a jazz pianist in Lisbon teaching online masterclasses",
  profession: "musician",
});

/** A database where the first symbol asked about is taken, and which records what it was asked. */
function context(asked: string[][]): DraftContext {
  return {
    takenSymbols: async (symbols) => {
      asked.push(symbols);
      return new Set(asked.length === 1 ? symbols.slice(0, 1) : []);
    },
  };
}

const chat: AgentChatRequest = {
  agent: {
    name: "Jazz Mentor",
    specialty: "Piano lessons",
    description: "Answers questions about the masterclasses.",
    capabilities: ["Practice plans"],
    tier: "basic",
    responseStyle: "Friendly",
    knowledgeNotes: "# Masterclasses\nMasterclasses run every Tuesday at 19:00 Lisbon time, online.",
  },
  token: { name: "Lisbon Keys", symbol: "KEYS", mint: "Mint1111", totalSupply: "1000000", creator: "ana" },
  history: [],
  message: "When are the masterclasses?",
  signal: new AbortController().signal,
};

const text = async (chunks: AsyncIterable<string>) => {
  let all = "";
  for await (const chunk of chunks) all += chunk;
  return all;
};

describe("offline engine on its own thread", () => {
  it("drafts what the engine drafts here, asking the server's database which symbols are taken", async () => {
    const askedThere: string[][] = [];
    const askedHere: string[][] = [];
    const drafted = await thread.draftIdentity(identity, context(askedThere));
    expect(drafted).toEqual(await here.draftIdentity(identity, context(askedHere)));
    expect(askedThere).toEqual(askedHere);
    expect(askedThere.length).toBeGreaterThan(0);
    // The symbol the database called taken is not offered.
    for (const candidate of drafted.candidates) expect(candidate.symbol).not.toBe(askedThere[0]?.[0]);
  });

  it("answers a chat and drafts rewards as the engine does here", async () => {
    const there = await thread.chat(chat);
    const local = await here.chat(chat);
    expect(there.engine).toEqual(local.engine);
    const answer = await text(there.chunks);
    expect(answer).toContain("Tuesday");
    expect(answer).toBe(await text(local.chunks));
    const rewards = {
      token: { name: "Lisbon Keys", symbol: "KEYS", description: "", ageDays: 30, supply: "1000000" },
      fans: { count: 40, topQuartileBalance: "12345", medianBalance: "987", longestHeldDays: 20 },
    };
    expect(await thread.draftRewards(rewards)).toEqual(await here.draftRewards(rewards));
  });

  it("fails a draft when the database cannot say which symbols are taken, as here", async () => {
    const broken: DraftContext = { takenSymbols: () => Promise.reject(new Error("connection lost")) };
    await expect(here.draftIdentity(identity, broken)).rejects.toThrow();
    await expect(thread.draftIdentity(identity, broken)).rejects.toThrow();
  });

  it("answers on the calling thread once its own thread has stopped", async () => {
    const stopped = await OfflineThreadEngine.start();
    await stopped.close();
    const asked: string[][] = [];
    expect(await stopped.draftIdentity(identity, context(asked))).toEqual(
      await here.draftIdentity(identity, context([])),
    );
    expect(await text((await stopped.chat(chat)).chunks)).toContain("Tuesday");
  });
});
