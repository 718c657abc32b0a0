import { describe, expect, it } from "vitest";
import type { AgentChatRequest } from "../engine";
import { chunkNotes } from "../retrieval/bm25";
import { answerOffline, composeAnswer } from "./chat";

const base: AgentChatRequest = {
  agent: {
    name: "Code Mentor",
    specialty: "Programming mentorship",
    description: "Reviews code and explains concepts.",
    capabilities: ["Code review", "Debugging"],
    tier: "premium",
    responseStyle: "Technical and educational",
    knowledgeNotes: [
      "# Testing",
      "Write the test first, watch it fail, then make it pass. Keep unit tests under 50 ms each.",
      "",
      "# Code review",
      "Review pull requests within a day. Ask for small diffs: under 400 lines changed.",
      "",
      "# Deployment",
      "We deploy on Tuesdays and Thursdays with a feature flag for every risky change.",
    ].join("\n"),
  },
  token: {
    name: "Code Token",
    symbol: "CODE",
    mint: "Mint1111",
    totalSupply: "5000000",
    creator: "demo_creator",
  },
  history: [],
  message: "",
};
const ask = (message: string, over: Partial<AgentChatRequest> = {}) =>
  composeAnswer({ ...base, ...over, message });

describe("offline agent answers", () => {
  it("answers from the passage that matches the question", () => {
    const answer = ask("How big should a pull request be for review?");
    expect(answer).toContain("under 400 lines");
    expect(answer).not.toContain("Tuesdays");
    expect(answer).toContain("(from demo_creator's notes)");
  });

  it("answers token facts from the token itself", () => {
    expect(ask("What is the total supply of CODE?")).toContain("5,000,000");
    expect(ask("Who created this token?")).toContain("demo_creator");
  });

  it("says plainly when the notes do not cover the question", () => {
    const answer = ask("What's a good recipe for banana bread?");
    expect(answer).toMatch(/^demo_creator's notes don't cover that, so I won't guess\./);
    expect(answer).toContain("Testing, Code review and Deployment");
  });

  it("phrases the answer in the agent's response style", () => {
    const technical = ask("When do we deploy?");
    expect(technical).toMatch(/point by point:\n- We deploy on Tuesdays/);
    const inspiring = ask("When do we deploy?", {
      agent: { ...base.agent, responseStyle: "Inspiring and imaginative" },
    });
    expect(inspiring).toContain("Here's a spark from the notes");
    expect(inspiring).not.toContain("\n- ");
  });

  it("greets with what it can help with", () => {
    expect(ask("hello!")).toMatch(/^Hi! I'm Code Mentor.*code review and debugging\.$/);
  });

  it("names the topics of notes without headings as phrases, not sentences cut off", () => {
    const agent = {
      ...base.agent,
      knowledgeNotes: "Our meetup is on Friday at 6pm in Lisbon.\n\nBring your own sketchbook and pencils.",
    };
    const hello = ask("hello!", { agent });
    expect(hello).toContain("notes on our meetup and your own sketchbook.");
    expect(hello).not.toContain("Friday at");
  });

  it("leans on the previous question for a short follow-up", () => {
    const history = [
      { role: "user" as const, content: "When do we deploy?" },
      { role: "assistant" as const, content: "On Tuesdays and Thursdays." },
    ];
    expect(ask("why?", { history })).toContain("Tuesdays");
  });

  it("does not answer keyboard mash with the notes, even after a question", () => {
    const history = [{ role: "user" as const, content: "When do we deploy?" }];
    for (const mash of ["x".repeat(5_000), "asdfgh", "!!!"]) {
      const answer = ask(mash, { history });
      expect(answer).toMatch(/^I couldn't read that as a question\./);
      expect(answer).not.toContain("Tuesdays");
    }
  });

  it("reads a one-word question from the notes and questions in other scripts, rather than calling them mash", () => {
    expect(ask("deployment")).toContain("Tuesdays");
    for (const question of ["מתי הפריסה?", "いつデプロイしますか？", "¿Cuándo es el despliegue?"]) {
      const answer = ask(question);
      expect(answer, question).not.toMatch(/^I couldn't read that/);
      expect(answer, question).toMatch(/notes don't cover that|Tuesdays/);
    }
  });

  it("streams word-sized chunks that add up to the answer", async () => {
    const request = { ...base, message: "When do we deploy?" };
    const chunks: string[] = [];
    for await (const c of answerOffline(request)) chunks.push(c);
    expect(chunks.length).toBeGreaterThan(10);
    expect(chunks.join("")).toBe(composeAnswer(request));
  });
});

describe("chunking notes", () => {
  it("keeps sentences whole around a question or exclamation inside quotes or brackets", () => {
    const notes =
      'We print on recycled paper. Ask the printer one question first ("can you do risograph?") before you order. Print runs are 200 copies.\n\nWe ship on Fridays. Tracking is emailed (check spam!) within a day.';
    const chunks = chunkNotes(notes, 8);
    expect(chunks.map((c) => c.text)).toEqual([
      "We print on recycled paper.",
      'Ask the printer one question first ("can you do risograph?") before you order.',
      "Print runs are 200 copies.",
      "We ship on Fridays.",
      "Tracking is emailed (check spam!) within a day.",
    ]);
    // Nothing dropped at the usual size either.
    expect(
      chunkNotes(notes)
        .map((c) => c.text)
        .join(" "),
    ).toBe(notes.replace("\n\n", " "));
    const answer = ask("Anything I should ask the printer before ordering?", {
      agent: { ...base.agent, knowledgeNotes: notes },
    });
    expect(answer).toContain('("can you do risograph?") before you order.');
  });

  it("splits on headings and blank lines and cuts long paragraphs at sentence ends", () => {
    const long = Array.from({ length: 30 }, (_, i) => `Sentence number ${i} has a few words.`).join(" ");
    const chunks = chunkNotes(`# A\nfirst line\nstill first\n\n- a bullet\n- another\n# B\n${long}`);
    expect(chunks.slice(0, 3)).toEqual([
      { text: "first line still first", heading: "A" },
      { text: "- a bullet", heading: "A" },
      { text: "- another", heading: "A" },
    ]);
    expect(chunks.length).toBeGreaterThan(5);
    for (const c of chunks.slice(3)) {
      expect(c.heading).toBe("B");
      expect(c.text.split(" ").length).toBeLessThanOrEqual(75);
    }
  });
});
