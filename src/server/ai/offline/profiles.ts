import type { Profession, Style } from "@shared/constants";
import { possessive } from "./text";

// What each profession and style brings to a drafted identity. Kept as data so the drafting
// code stays small and a new profession or style is one entry here.

export interface ProfessionProfile {
  /** Words that evoke the craft; one joins the person's own keyword in the name. */
  themes: readonly string[];
  /** What the fans of this craft are usually called. */
  fans: string;
  /** The craft in a word or two, for a description that names no subject ("music"). */
  craft: string;
  /** What holders get, in a few words. */
  perks: readonly string[];
  totalSupply: string;
  allocation: ReadonlyArray<{ label: string; percent: number }>;
}

export const PROFESSION_PROFILES: Record<Profession, ProfessionProfile> = {
  creator: {
    themes: ["Collective", "Circle", "Hub", "Crew"],
    fans: "supporters",
    craft: "creative work",
    perks: ["early access to new content", "behind-the-scenes drops", "a vote on what comes next"],
    totalSupply: "1000000",
    allocation: [
      { label: "Community rewards", percent: 40 },
      { label: "Creator", percent: 25 },
      { label: "Fan sales", percent: 20 },
      { label: "Reserve", percent: 15 },
    ],
  },
  artist: {
    themes: ["Canvas", "Studio", "Gallery", "Palette"],
    fans: "collectors",
    craft: "art",
    perks: ["first pick of new pieces", "studio previews", "collector-only drops"],
    // Scarcer supply: art collectors value rarity.
    totalSupply: "100000",
    allocation: [
      { label: "Collectors and patrons", percent: 45 },
      { label: "Artist", percent: 25 },
      { label: "Exhibition fund", percent: 15 },
      { label: "Reserve", percent: 15 },
    ],
  },
  musician: {
    themes: ["Beats", "Sound", "Wave", "Records"],
    fans: "listeners",
    craft: "music",
    perks: ["early releases", "backstage sessions", "a say in the setlist"],
    totalSupply: "1000000",
    allocation: [
      { label: "Fans and listeners", percent: 40 },
      { label: "Artist", percent: 25 },
      { label: "Tour and production fund", percent: 20 },
      { label: "Reserve", percent: 15 },
    ],
  },
  writer: {
    themes: ["Ink", "Pages", "Chapters", "Press"],
    fans: "readers",
    craft: "writing",
    perks: ["early chapters", "signed editions", "reader Q&A sessions"],
    totalSupply: "500000",
    allocation: [
      { label: "Readers", percent: 45 },
      { label: "Author", percent: 25 },
      { label: "Publishing fund", percent: 15 },
      { label: "Reserve", percent: 15 },
    ],
  },
  coach: {
    themes: ["Academy", "Method", "Path", "Lab"],
    fans: "students",
    craft: "coaching",
    perks: ["priority coaching slots", "members-only workshops", "progress challenges with rewards"],
    totalSupply: "250000",
    allocation: [
      { label: "Students and members", percent: 40 },
      { label: "Coach", percent: 25 },
      { label: "Scholarships", percent: 20 },
      { label: "Reserve", percent: 15 },
    ],
  },
  developer: {
    themes: ["Labs", "Protocol", "Stack", "Dev"],
    fans: "builders",
    craft: "code",
    perks: ["early access to releases", "a vote on the roadmap", "bounties for contributions"],
    // A larger float suits bounties and usage rewards.
    totalSupply: "10000000",
    allocation: [
      { label: "Contributors and users", percent: 40 },
      { label: "Developer", percent: 20 },
      { label: "Bounties and grants", percent: 25 },
      { label: "Reserve", percent: 15 },
    ],
  },
};

export interface StyleProfile {
  /** How a name's distinctive core is finished, in order of preference: "" keeps the core as
   * it is ("Lisbon Jazz Keys"), a word is appended ("Jazz Keys Club"). */
  finishes: readonly string[];
  /** The word that makes an offering a community: "Masterclass Circle". */
  community: string;
  /** `lead` the person or their core, `fans` what they are called, `topic` the main subject. */
  taglines: ReadonlyArray<(lead: string, fans: string, topic: string) => string>;
  /** Opening sentence of the description. */
  openings: ReadonlyArray<(name: string, who: string, topics: string) => string>;
  /** Says what holding the token is: a membership, never a security or a promise of money. */
  closing: (symbol: string, goals: string, audience: string) => string;
}

export const STYLE_PROFILES: Record<Style, StyleProfile> = {
  professional: {
    finishes: ["", "Collective", "Guild", "Society"],
    community: "Circle",
    taglines: [
      (lead, fans) => `The official membership for ${lead} and its ${fans}.`,
      (lead, _fans, topic) => `A closer seat at ${possessive(lead)} ${topic}.`,
      (_lead, fans) => `Verified membership for a loyal circle of ${fans}.`,
    ],
    openings: [
      (name, who, topics) => `${name} is the official community token of ${who}, focused on ${topics}.`,
      (name, who, topics) => `${name} connects ${who} with the people who follow their work in ${topics}.`,
    ],
    closing: (symbol, goals, audience) =>
      `${symbol} is a membership, not a security: it gives ${audience} access and a voice as we ${goals}.`,
  },
  creative: {
    finishes: ["Sessions", "Studio", "", "Atelier"],
    community: "Salon",
    taglines: [
      // No verb to agree with the topic: "watercolor landscapes" is plural, "jazz" is not.
      (_lead, _fans, topic) => `A shared story around ${topic}.`,
      () => "Every holder writes a line of the story.",
      (_lead, _fans, topic) => `Imagine ${topic}, made together.`,
    ],
    openings: [
      (name, who, topics) =>
        `${name} is a living canvas: ${who} turns ${topics} into something the community can hold.`,
      (name, who, topics) => `Born from ${topics}, ${name} is how ${who} invites everyone into the studio.`,
    ],
    closing: (symbol, goals, audience) =>
      `Each ${symbol} is a membership in the story, not a security, shared with ${audience} who want to ${goals}.`,
  },
  casual: {
    finishes: ["Club", "Crew", "", "Hangout"],
    community: "Club",
    taglines: [
      (lead) => `Hang out with ${lead} and get the good stuff first.`,
      (_lead, fans) => `Made for the ${fans} who show up every time.`,
      (lead) => `${lead}, with you in the room.`,
    ],
    openings: [
      (name, who, topics) => `Hey! ${name} is the fan token for ${who}: think ${topics} and good company.`,
      (name, who, topics) => `${name} is a simple way to back ${who} and hang out around ${topics}.`,
    ],
    closing: (symbol, goals, audience) =>
      `Grab some ${symbol}, join the ${audience}, and let's ${goals} together. It's a membership, not a security.`,
  },
  technical: {
    finishes: ["Labs", "Network", "Protocol", ""],
    community: "Network",
    taglines: [
      (_lead, _fans, topic) => `Fixed-supply membership token for the ${topic} community.`,
      (_lead, fans) => `On-chain membership and access for ${fans}.`,
      (lead) => `Programmable access to ${lead}, verifiable on Solana.`,
    ],
    openings: [
      (name, who, topics) =>
        `${name} is a Token-2022 membership token issued by ${who}, scoped to ${topics}.`,
      (name, who, topics) =>
        `${name} gates access to ${possessive(who)} work on ${topics} with on-chain, verifiable holdings.`,
    ],
    closing: (symbol, goals, audience) =>
      `${symbol} is a fixed-supply membership token, not a security (mint authority revoked at launch, no freeze authority); ${audience} hold it to ${goals}.`,
  },
};
