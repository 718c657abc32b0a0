import { PROFESSIONS, STYLES } from "@shared/constants";
import { AiProfileSchema } from "@shared/schemas/ai";
import type { TokenForm } from "@shared/schemas/token";
import { z } from "zod";
import { EMPTY_TOKEN_FORM, initialWizardState, type WizardState } from "./use-create-wizard";

// The wizard's draft, kept in this tab's sessionStorage: a reload, a look at another page or the
// browser's Back does not throw away what the person typed or what the AI drafted. Never the
// generated wallet's secret (shown once, in page memory only) and never a browser wallet, which
// has to be connected again.

const STORAGE_KEY = "create-draft";

const DraftSchema = z.object({
  /** Who wrote it (null: before signing in). Nobody else on this tab gets it. */
  userId: z.string().nullable(),
  step: z.union([z.literal(1), z.literal(2), z.literal(3)]),
  identity: z.object({
    userInput: z.string().max(5000),
    profession: z.enum(PROFESSIONS),
    style: z.enum(STYLES),
  }),
  profile: AiProfileSchema.nullable(),
  identitySkipped: z.boolean(),
  embeddedWallet: z.string().max(64).nullable(),
  market: z.object({ open: z.boolean(), curveSharePct: z.number(), creatorBuySol: z.string().max(64) }),
  form: z.record(z.string(), z.string().max(5000)),
});
type Draft = z.infer<typeof DraftSchema>;

export interface RestoredDraft {
  state: WizardState;
  form: TokenForm;
}

/** The draft this person left in this tab, or null (none, someone else's, or unreadable).
 * `userId` is the session's user once it is known (null when signed out). */
export function loadDraft(userId: string | null): RestoredDraft | null {
  let raw: string | null = null;
  try {
    raw = sessionStorage.getItem(STORAGE_KEY);
  } catch {
    return null; // storage disabled: the wizard starts empty, as before
  }
  if (!raw) return null;
  let parsed: ReturnType<typeof DraftSchema.safeParse>;
  try {
    parsed = DraftSchema.safeParse(JSON.parse(raw));
  } catch {
    return null;
  }
  if (!parsed.success) return null;
  const draft = parsed.data;
  // A draft begun signed out is the same person's once they sign in on this tab.
  if (draft.userId !== null && draft.userId !== userId) return null;
  const wallet = draft.embeddedWallet ? { kind: "embedded" as const, publicKey: draft.embeddedWallet } : null;
  const form = { ...EMPTY_TOKEN_FORM };
  for (const key of Object.keys(EMPTY_TOKEN_FORM) as (keyof TokenForm)[]) {
    const value = draft.form[key];
    if (value !== undefined) form[key] = value;
  }
  return {
    state: {
      ...initialWizardState,
      // The review step needs a wallet: without one kept, the person picks it again.
      step: draft.step === 3 && !wallet ? 2 : draft.step,
      identity: draft.identity,
      profile: draft.profile,
      identitySkipped: draft.identitySkipped,
      wallet,
      market: draft.market,
    },
    form,
  };
}

/** Keeps the wizard as it stands; a launch under way or done is not a draft any more. A
 * signed-out wizard never writes over a signed-in person's draft: signed out in another tab,
 * they get it back when they sign in again. */
export function saveDraft(userId: string | null, state: WizardState, form: TokenForm): void {
  if (userId === null && storedDraftOwner() !== null) return;
  if (state.launch.status !== "idle" || state.step === 4) {
    clearDraft();
    return;
  }
  const draft: Draft = {
    userId,
    step: state.step,
    identity: state.identity,
    profile: state.profile,
    identitySkipped: state.identitySkipped,
    embeddedWallet: state.wallet?.kind === "embedded" ? state.wallet.publicKey : null,
    market: state.market,
    form: Object.fromEntries(
      Object.entries(form).filter((entry): entry is [string, string] => typeof entry[1] === "string"),
    ),
  };
  try {
    sessionStorage.setItem(STORAGE_KEY, JSON.stringify(draft));
  } catch {
    /* storage full or disabled: the draft lives in page memory only */
  }
}

/** Whose draft this tab keeps (null: none, or one begun signed out). */
function storedDraftOwner(): string | null {
  try {
    const raw = sessionStorage.getItem(STORAGE_KEY);
    const owner = raw ? (JSON.parse(raw) as { userId?: unknown }).userId : null;
    return typeof owner === "string" ? owner : null;
  } catch {
    return null;
  }
}

export function clearDraft(): void {
  try {
    sessionStorage.removeItem(STORAGE_KEY);
  } catch {
    /* storage disabled */
  }
}
