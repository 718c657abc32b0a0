import type { Profession, Style } from "@shared/constants";
import { possessive } from "./text";

// What each profession and style brings to a drafted identity. Kept as data so the drafting
// code stays small and a new profession or style is one entry here.

export interface ProfessionProfile {
  /** Words that evoke the craft; one joins the person's own keyword in the name. */
  themes: readonly string[];
  /** What the fans of this craft are usually called. */
  fans: string;
  /** What holders get, in a few words. */
  perks: readonly string[];
  totalSupply: string;
  allocation: ReadonlyArray<{ label: string; percent: number }>;
}

export const PROFESSION_PROFILES: Record<Profession, ProfessionProfile> = {
  creator: {
    themes: ["Collective", "Circle", "Hub", "Crew"],
    fans: "community",
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
  /** Name patterns: `w` is the person's word (a keyword or their name), `t` a profession theme. */
  names: ReadonlyArray<(w: string, t: string) => string>;
  /** `w` the lead word, `topic` the person's main subject (lower case). */
  taglines: ReadonlyArray<(w: string, fans: string, topic: string) => string>;
  /** Opening sentence of the description. */
  openings: ReadonlyArray<(name: string, who: string, topics: string) => string>;
  closing: (symbol: string, goals: string, audience: string) => string;
}

export const STYLE_PROFILES: Record<Style, StyleProfile> = {
  professional: {
    names: [(w, t) => `${w} ${t}`, (w) => `${w} Token`, (w, t) => `${w} ${t} Token`],
    taglines: [
      (w, fans) => `The official token of ${w} and its ${fans}.`,
      (w) => `Invest in ${possessive(w)} work and share in its growth.`,
      (_w, fans) => `Verified ownership for a loyal circle of ${fans}.`,
    ],
    openings: [
      (name, who, topics) => `${name} is the official community token of ${who}, focused on ${topics}.`,
      (name, who, topics) => `${name} connects ${who} with the people who support their work in ${topics}.`,
    ],
    closing: (symbol, goals, audience) =>
      `Holding ${symbol} gives ${audience} a transparent, fixed-supply stake in the journey, with one clear goal: ${goals}.`,
  },
  creative: {
    names: [(w) => `${w} Dreams`, (w, t) => `${t} of ${w}`, (w) => `${w} Spark`, (w) => `${w} Muse`],
    taglines: [
      (_w, _fans, topic) => `Where ${topic} becomes a shared story.`,
      (_w, fans) => `Every ${fans.replace(/s$/, "")} holds a brushstroke of the story.`,
      (_w, _fans, topic) => `Imagine ${topic}, owned together.`,
    ],
    openings: [
      (name, who, topics) =>
        `${name} is a living canvas: ${who} turns ${topics} into something fans can hold.`,
      (name, who, topics) => `Born from ${topics}, ${name} is how ${who} invites everyone into the studio.`,
    ],
    closing: (symbol, goals, audience) =>
      `Each ${symbol} is a small piece of the story, shared with ${audience} who want to ${goals}.`,
  },
  casual: {
    names: [(w) => `${w} Crew Coin`, (w) => `${w} Club`, (w, t) => `${w} ${t} Club`],
    taglines: [
      (w) => `Hang out with ${w} and get the good stuff first.`,
      (_w, fans) => `Made for the ${fans} who show up every time.`,
      (w) => `${w}, but you own a piece of it.`,
    ],
    openings: [
      (name, who, topics) => `Hey! ${name} is the fan token for ${who}: think ${topics} and good company.`,
      (name, who, topics) => `${name} is a simple way to back ${who} and hang out around ${topics}.`,
    ],
    closing: (symbol, goals, audience) =>
      `Grab some ${symbol}, join the ${audience}, and let's ${goals} together.`,
  },
  technical: {
    names: [(w) => `${w} Protocol`, (w, t) => `${w} ${t} Network`, (w) => `${w} Access Token`],
    taglines: [
      (_w, _fans, topic) => `Fixed-supply access token for the ${topic} ecosystem.`,
      (_w, fans) => `On-chain membership and utility for ${fans}.`,
      (w) => `Programmable access to ${w}, verifiable on Solana.`,
    ],
    openings: [
      (name, who, topics) => `${name} is a Token-2022 utility token issued by ${who}, scoped to ${topics}.`,
      (name, who, topics) =>
        `${name} gates access to ${possessive(who)} work on ${topics} with on-chain, verifiable holdings.`,
    ],
    closing: (symbol, goals, audience) =>
      `${symbol} has a fixed supply (mint authority revoked at launch) and no freeze authority; ${audience} hold it to ${goals}.`,
  },
};
