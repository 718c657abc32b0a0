import type { AiProfile } from "@shared/schemas/ai";
import { TokenFormSchema } from "@shared/schemas/token";
import { describe, expect, it } from "vitest";
import {
  EMPTY_TOKEN_FORM,
  formFromDraft,
  formFromProfile,
  initialWizardState,
  skippedSteps,
  wizardReducer,
} from "./use-create-wizard";

const draft = {
  name: "Maya Waves",
  symbol: "maya",
  description: "Synthwave for the people who stayed up late.",
  tagline: "Own the night shift.",
};
const profile: AiProfile = {
  ...draft,
  candidates: [draft],
  tokenomics: { totalSupply: "2500000", allocation: [] },
  engine: { kind: "offline", label: "drafted offline" },
};

describe("create wizard state", () => {
  it("a new draft or candidate keeps what the person wrote and replaces what the last draft wrote", () => {
    const other = {
      ...profile,
      name: "Night Shift",
      symbol: "nite",
      description: "Late tapes.",
      tagline: "Stay up.",
    };
    const typed = {
      ...formFromProfile(profile),
      website: "https://maya.example",
      twitter: "@maya",
      imageUrl: "https://maya.example/a.png",
      description: "My own words.",
    };
    const next = formFromDraft(
      { ...other, tokenomics: { totalSupply: "900", allocation: [] } },
      typed,
      profile,
    );
    expect(next).toMatchObject({
      name: "Night Shift",
      symbol: "NITE",
      description: "My own words.",
      tagline: "Stay up.",
      totalSupply: "900",
      website: "https://maya.example",
      twitter: "@maya",
      imageUrl: "https://maya.example/a.png",
    });
    // A supply the person chose stays; the first draft over an empty form fills it all.
    expect(formFromDraft(other, { ...typed, totalSupply: "42" }, profile).totalSupply).toBe("42");
    expect(formFromDraft(profile, EMPTY_TOKEN_FORM, null)).toEqual(formFromProfile(profile));
  });

  it("fills a review form that passes the shared schema, symbol upper-cased", () => {
    const form = formFromProfile(profile);
    expect(form).toMatchObject({
      name: "Maya Waves",
      symbol: "MAYA",
      totalSupply: "2500000",
      tagline: "Own the night shift.",
    });
    expect(TokenFormSchema.safeParse(form).success).toBe(true);
  });

  it("falls back to the spec's default supply when the draft's is not a whole number", () => {
    expect(
      formFromProfile({ ...profile, tokenomics: { totalSupply: "1e6", allocation: [] } }).totalSupply,
    ).toBe("1000000");
  });

  it("moves to step 4 as soon as a launch starts, back to 3 on failure, and Create Another forgets everything", () => {
    let state = wizardReducer(initialWizardState, { type: "profile", profile });
    state = wizardReducer(state, {
      type: "wallet",
      wallet: { kind: "embedded", publicKey: "W".repeat(44) },
      secret: "s3cret",
    });
    state = wizardReducer(state, { type: "launchStarted", name: "Maya Waves", symbol: "MAYA" });
    expect(state.step).toBe(4);
    expect(state.launch.status).toBe("pending");
    state = wizardReducer(state, { type: "launchFailed" });
    expect(state.step).toBe(3);
    expect(state.wallet?.publicKey).toBe("W".repeat(44));
    expect(wizardReducer(state, { type: "reset" })).toEqual(initialWizardState);
  });

  it("drops the shown secret when another wallet is chosen", () => {
    const withSecret = wizardReducer(initialWizardState, {
      type: "wallet",
      wallet: { kind: "embedded", publicKey: "A".repeat(44) },
      secret: "s",
    });
    expect(
      wizardReducer(withSecret, { type: "wallet", wallet: null, secret: null }).generatedSecret,
    ).toBeNull();
  });
});

describe("skipping the AI identity", () => {
  it("passes step 1 without completing it, until a profile is generated", () => {
    let state = wizardReducer(initialWizardState, { type: "skipIdentity" });
    state = wizardReducer(state, { type: "goto", step: 2 });
    expect(skippedSteps(state)).toEqual([1]);
    state = wizardReducer(state, { type: "goto", step: 1 });
    expect(skippedSteps(state)).toEqual([]);
    state = wizardReducer(state, { type: "profile", profile });
    state = wizardReducer(state, { type: "goto", step: 3 });
    expect(skippedSteps(state)).toEqual([]);
    expect(skippedSteps(wizardReducer(initialWizardState, { type: "goto", step: 2 }))).toEqual([]);
  });
});
