import { DEFAULT_TOTAL_SUPPLY, type Profession, type Style } from "@shared/constants";
import type { AiProfile, IdentityCandidate } from "@shared/schemas/ai";
import type { CreateTokenResponse, TokenForm } from "@shared/schemas/token";
import type { WalletAccount } from "@wallet-standard/base";
import { useReducer } from "react";
import type { SolanaWallet } from "@/lib/wallet";
import { DEFAULT_MARKET_CHOICE, type MarketChoice } from "./market-choice";
import { isUnedited } from "./retarget-description";

export type WizardStep = 1 | 2 | 3 | 4;

export const WIZARD_STEPS = [
  { step: 1, label: "AI Identity" },
  { step: 2, label: "Connect Wallet" },
  { step: 3, label: "Review & Deploy" },
  { step: 4, label: "Success" },
] as const;

/** The wallet the token launches from: one the server holds for the user, or one in the browser. */
export type LaunchWallet =
  | { kind: "embedded"; publicKey: string }
  | { kind: "external"; publicKey: string; wallet: SolanaWallet; account: WalletAccount };

export interface IdentityInput {
  userInput: string;
  profession: Profession;
  style: Style;
}

export type LaunchState =
  | { status: "idle" }
  | { status: "pending"; symbol: string; name: string }
  | { status: "success"; result: CreateTokenResponse };

export interface WizardState {
  step: WizardStep;
  identity: IdentityInput;
  profile: AiProfile | null;
  /** The person chose to fill in the token themselves: step 1 is passed, not completed. */
  identitySkipped: boolean;
  wallet: LaunchWallet | null;
  /** The generated wallet's secret, kept only in page memory so it can be backed up once. */
  generatedSecret: string | null;
  /** Open a market at launch, and how (review step). */
  market: MarketChoice;
  launch: LaunchState;
}

export const EMPTY_TOKEN_FORM: TokenForm = {
  name: "",
  symbol: "",
  description: "",
  totalSupply: DEFAULT_TOTAL_SUPPLY,
  imageUrl: "",
  website: "",
  twitter: "",
  discord: "",
  tagline: "",
};

export const initialWizardState: WizardState = {
  step: 1,
  identity: { userInput: "", profession: "creator", style: "professional" },
  profile: null,
  identitySkipped: false,
  wallet: null,
  generatedSecret: null,
  market: DEFAULT_MARKET_CHOICE,
  launch: { status: "idle" },
};

export type WizardAction =
  | { type: "goto"; step: WizardStep }
  | { type: "identity"; identity: Partial<IdentityInput> }
  | { type: "profile"; profile: AiProfile }
  | { type: "skipIdentity" }
  | { type: "wallet"; wallet: LaunchWallet | null; secret?: string | null }
  | { type: "market"; market: Partial<MarketChoice> }
  | { type: "launchStarted"; name: string; symbol: string }
  | { type: "launchSucceeded"; result: CreateTokenResponse }
  | { type: "launchFailed" }
  | { type: "reset" };

export function wizardReducer(state: WizardState, action: WizardAction): WizardState {
  switch (action.type) {
    case "goto":
      return { ...state, step: action.step };
    case "identity":
      return { ...state, identity: { ...state.identity, ...action.identity } };
    case "profile":
      return { ...state, profile: action.profile, identitySkipped: false };
    case "skipIdentity":
      return { ...state, identitySkipped: true };
    case "wallet":
      return {
        ...state,
        wallet: action.wallet,
        // A different wallet has a different secret (or none we may show).
        generatedSecret: action.secret === undefined ? state.generatedSecret : action.secret,
      };
    case "market":
      return { ...state, market: { ...state.market, ...action.market } };
    case "launchStarted":
      // Spec section 4: the view moves to step 4 at once, then the token is created.
      return { ...state, step: 4, launch: { status: "pending", name: action.name, symbol: action.symbol } };
    case "launchSucceeded":
      return { ...state, step: 4, launch: { status: "success", result: action.result } };
    case "launchFailed":
      return { ...state, step: 3, launch: { status: "idle" } };
    case "reset":
      return initialWizardState;
  }
}

/** The wizard's state, starting from `initial` (a kept draft) when there is one. */
export function useCreateWizard(initial: WizardState = initialWizardState) {
  return useReducer(wizardReducer, initial);
}

/** Steps behind the current one that were skipped rather than completed. */
export function skippedSteps(state: WizardState): WizardStep[] {
  return state.identitySkipped && state.step > 1 ? [1] : [];
}

/** Fills the review form from the AI draft; supply falls back to the spec's default. */
export function formFromProfile(profile: AiProfile): TokenForm {
  return {
    ...EMPTY_TOKEN_FORM,
    name: profile.name,
    symbol: profile.symbol.toUpperCase(),
    description: profile.description,
    tagline: profile.tagline,
    totalSupply: /^\d+$/.test(profile.tokenomics.totalSupply)
      ? profile.tokenomics.totalSupply
      : DEFAULT_TOTAL_SUPPLY,
  };
}

/** Fields a draft writes besides the name and symbol. */
const DRAFTED_EXTRAS = ["description", "tagline", "totalSupply"] as const;

/** The review form after a new draft or another of its candidates: the name and symbol are the
 * draft's (that is the choice just made); description, tagline and supply are the draft's unless
 * the person wrote their own over the previous draft; image and links stay as typed. */
export function formFromDraft(profile: AiProfile, current: TokenForm, previous: AiProfile | null): TokenForm {
  const drafted = formFromProfile(profile);
  const before = previous ? formFromProfile(previous) : EMPTY_TOKEN_FORM;
  const next: TokenForm = { ...current, name: drafted.name, symbol: drafted.symbol };
  // The previous draft's text, renamed on the review step, is still the AI's, not the person's.
  const shown = { name: current.name, symbol: current.symbol };
  for (const key of DRAFTED_EXTRAS) {
    const own =
      (current[key] ?? "").trim() !== (before[key] ?? "").trim() &&
      !(previous && isUnedited(current[key] ?? "", before[key] ?? "", previous, shown));
    next[key] = (own ? current[key] : drafted[key]) ?? "";
  }
  return next;
}

/** The draft with another of its candidates chosen: the form is filled from the top level. */
export function pickCandidate(profile: AiProfile, candidate: IdentityCandidate): AiProfile {
  return { ...profile, ...candidate };
}
