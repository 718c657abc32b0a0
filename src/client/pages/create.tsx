import { zodResolver } from "@hookform/resolvers/zod";
import { type TokenForm, TokenFormSchema, type TokenFormValues } from "@shared/schemas/token";
import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { useForm } from "react-hook-form";
import { Link } from "wouter";
import { PageShell } from "@/components/layout";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { dismissToast, toast } from "@/components/ui/use-toast";
import { useGenerateIdentity } from "@/features/create/api/generate-identity";
import { IdentityStep } from "@/features/create/components/identity-step";
import { CREATOR_BUY_INPUT_ID } from "@/features/create/components/market-section";
import { ReviewStep } from "@/features/create/components/review-step";
import { SuccessStep } from "@/features/create/components/success-step";
import { WalletStep } from "@/features/create/components/wallet-step";
import { WizardProgress } from "@/features/create/components/wizard-progress";
import { describeLaunchFailure, type LaunchRemedy } from "@/features/create/hooks/launch-failure";
import { marketRequest } from "@/features/create/hooks/market-choice";
import {
  EMPTY_TOKEN_FORM,
  formFromDraft,
  type LaunchWallet,
  pickCandidate,
  skippedSteps,
  useCreateWizard,
  WIZARD_STEPS,
} from "@/features/create/hooks/use-create-wizard";
import { useDescriptionFollowsName } from "@/features/create/hooks/use-description-follows-name";
import { useLaunchToken } from "@/features/create/hooks/use-launch-token";
import { useStepHistory } from "@/features/create/hooks/use-step-history";
import { clearDraft, loadDraft, saveDraft } from "@/features/create/hooks/wizard-draft";
import { openMarketWithWallet } from "@/features/market/api/open-market";
import { errorMessage } from "@/lib/api";
import { useNetwork } from "@/lib/network";
import { marketQueryKey, tokensQueryKey, walletsQueryKey } from "@/lib/query-keys";
import { useSignInHere } from "@/lib/return-to";
import { useSession } from "@/lib/session";
import { usePageTitle } from "@/lib/use-page-title";

const FORM_FIELDS = Object.keys(EMPTY_TOKEN_FORM) as (keyof TokenForm)[];

/** /create: AI identity -> wallet -> review -> live token (spec sections 2 and 4). */
export default function CreatePage() {
  usePageTitle("Create your token");
  const { isLoading } = useSession();
  // The wizard starts once the session is known (a kept draft is only its writer's), and stays:
  // signing in with a wallet on the way clears the cache, and must not start it over.
  const [known, setKnown] = useState(!isLoading);
  if (!known && !isLoading) setKnown(true);
  if (!known)
    return (
      <PageShell className="flex justify-center px-4 py-16">
        <Spinner className="size-8 text-primary" label="Loading" />
      </PageShell>
    );
  return <CreateWizard />;
}

function CreateWizard() {
  const { user } = useSession();
  const network = useNetwork();
  // Read once: what this person typed and drafted before a reload or a visit elsewhere.
  const [draft] = useState(() => loadDraft(user?.id ?? null));
  const [state, dispatch] = useCreateWizard(draft?.state);
  const form = useForm<TokenForm, unknown, TokenFormValues>({
    resolver: zodResolver(TokenFormSchema),
    defaultValues: draft?.form ?? EMPTY_TOKEN_FORM,
  });
  useDescriptionFollowsName(form, state.profile);
  const ai = useGenerateIdentity();
  const launchToken = useLaunchToken(network.cluster);
  const queryClient = useQueryClient();
  const stepLabel = WIZARD_STEPS[state.step - 1]?.label ?? "";

  const userId = user?.id ?? null;
  // Signed out under the wizard (in another tab): what is on screen stays, and the kept draft
  // stays its writer's (saveDraft) until they sign in again.
  const [wasSignedIn, setWasSignedIn] = useState(userId !== null);
  if (userId !== null && !wasSignedIn) setWasSignedIn(true);
  const signedOut = wasSignedIn && userId === null;
  const signInHere = useSignInHere();
  useEffect(() => {
    saveDraft(userId, state, form.getValues());
    const watching = form.watch((values) => saveDraft(userId, state, values as TokenForm));
    return () => watching.unsubscribe();
  }, [userId, state, form]);

  useStepHistory(state.step, (step) => {
    // A launch under way finishes first; after one, Back starts a new token.
    if (state.launch.status === "pending") return;
    if (state.launch.status === "success") createAnother();
    else dispatch({ type: "goto", step });
  });

  // biome-ignore lint/correctness/useExhaustiveDependencies: each new step starts at the top of the page.
  useEffect(() => {
    window.scrollTo({ top: 0 });
  }, [state.step]);

  /** With a wallet ready, the person can go straight to the review form. */
  function readyWallet(): LaunchWallet | null {
    if (state.wallet) return state.wallet;
    const embedded = user?.wallets.find((w) => w.kind === "embedded");
    return embedded ? { kind: "embedded", publicKey: embedded.publicKey } : null;
  }

  function afterIdentity() {
    const wallet = readyWallet();
    if (wallet && !state.wallet) dispatch({ type: "wallet", wallet, secret: null });
    dispatch({ type: "goto", step: wallet ? 3 : 2 });
  }

  async function generate() {
    try {
      const profile = await ai.mutateAsync({
        ...state.identity,
        goals: "build community",
        audience: "supporters",
      });
      dispatch({ type: "profile", profile });
      form.reset(formFromDraft(profile, form.getValues(), state.profile));
      toast({
        title: "AI Profile Generated!",
        description: `Meet ${profile.name} ($${profile.symbol}).`,
        variant: "success",
      });
      // Spec section 4: success fills the form and jumps to review when nothing else is needed.
      if (readyWallet()) afterIdentity();
    } catch (err) {
      toast({
        title: "Error",
        description: errorMessage(err, "Failed to generate AI profile"),
        variant: "destructive",
      });
    }
  }

  async function submit(values: TokenFormValues) {
    if (!user) {
      toast({
        title: "Token Creation Failed",
        description: "User not authenticated",
        variant: "destructive",
      });
      return;
    }
    const wallet = state.wallet;
    if (!wallet) {
      dispatch({ type: "goto", step: 2 });
      return;
    }
    // The market section shows its own error; nothing launches until it is fixed. A browser
    // wallet has no creator buy at launch, and signs the curve's opening after the launch.
    const browser = wallet.kind === "external";
    const market = marketRequest(
      browser ? { ...state.market, creatorBuySol: "" } : state.market,
      values.totalSupply,
    );
    if (!market.ok) {
      // Its error is already under the field: take the person there rather than do nothing.
      document.getElementById(CREATOR_BUY_INPUT_ID)?.focus();
      return;
    }
    dispatch({ type: "launchStarted", name: values.name, symbol: values.symbol });
    try {
      const result = await launchToken(values, user, wallet, browser ? undefined : market.market);
      dispatch({ type: "launchSucceeded", result });
      toast({
        title: "Token Created Successfully!",
        description: `${result.token.symbol} deployed to ${network.label}`,
        variant: "success",
      });
      if (browser && market.market)
        await openWithBrowserWallet(result.mintAddress, result.token.symbol, market.market.curveShareBps);
    } catch (err) {
      dispatch({ type: "launchFailed" });
      const failure = describeLaunchFailure(err, FORM_FIELDS);
      for (const [name, message] of Object.entries(failure.fields) as [keyof TokenForm, string][])
        form.setError(name, { type: "server", message });
      toast({
        title: "Token Creation Failed",
        description: failure.description,
        variant: "destructive",
        action: remedyButton(failure.remedy),
      });
    }
  }

  /** The launch stands either way; a market not opened can be opened from the token page. */
  async function openWithBrowserWallet(mint: string, symbol: string, curveShareBps: number) {
    try {
      await openMarketWithWallet(mint, { curveShareBps }, network.cluster);
      // The deposit moved tokens and SOL out of the wallet; step 4 says where the supply is now.
      void queryClient.invalidateQueries({ queryKey: tokensQueryKey });
      void queryClient.invalidateQueries({ queryKey: walletsQueryKey });
      void queryClient.invalidateQueries({ queryKey: marketQueryKey(mint) });
      toast({
        title: "Market open",
        description: `${symbol} can now be bought and sold.`,
        variant: "success",
      });
    } catch (err) {
      toast({
        title: "Market not opened",
        description: `${errorMessage(err, "Your wallet did not sign the opening.")} ${symbol} is live: open its market from the token page.`,
        variant: "destructive",
      });
    }
  }

  function remedyButton(remedy: LaunchRemedy) {
    if (remedy === "none") return undefined;
    return (
      <Button
        type="button"
        size="sm"
        variant="outline"
        onClick={() => {
          dismissToast();
          if (remedy === "get-sol") dispatch({ type: "goto", step: 2 });
          // The form as it stands now: a fresh prepare for the wallet to sign.
          else void form.handleSubmit(submit)();
        }}
      >
        {remedy === "get-sol" ? "Get Test SOL" : "Try Again"}
      </Button>
    );
  }

  function createAnother() {
    clearDraft();
    dispatch({ type: "reset" });
    form.reset(EMPTY_TOKEN_FORM);
    ai.reset();
  }

  return (
    <PageShell className="px-4 py-8 sm:py-12">
      <div className="mx-auto flex max-w-5xl flex-col gap-8">
        <header className="flex flex-col gap-2 text-center">
          <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">Create Your Creator Token</h1>
          <p className="text-muted-foreground">
            From a few sentences about you to a live token, in about a minute.
          </p>
        </header>
        {signedOut ? (
          <p
            role="alert"
            className="rounded-lg bg-secondary p-3 text-center text-sm text-secondary-foreground"
          >
            You were signed out. Sign in to continue.{" "}
            <Link href={signInHere} className="font-medium underline underline-offset-4">
              Sign in
            </Link>
          </p>
        ) : null}
        <WizardProgress
          current={state.step}
          finished={state.launch.status === "success"}
          skipped={skippedSteps(state)}
        />
        <p className="-mt-4 text-center text-sm text-muted-foreground md:sr-only" aria-live="polite">
          Step {state.step} of 4: {stepLabel}
        </p>
        {state.step === 1 ? (
          <IdentityStep
            identity={state.identity}
            profile={state.profile}
            generating={ai.isPending}
            onIdentityChange={(identity) => dispatch({ type: "identity", identity })}
            onGenerate={generate}
            onPick={(candidate) => {
              if (!state.profile) return;
              const profile = pickCandidate(state.profile, candidate);
              dispatch({ type: "profile", profile });
              form.reset(formFromDraft(profile, form.getValues(), state.profile));
            }}
            onContinue={afterIdentity}
            onSkip={() => {
              dispatch({ type: "skipIdentity" });
              afterIdentity();
            }}
          />
        ) : null}
        {state.step === 2 ? (
          <WalletStep
            user={user}
            wallet={state.wallet}
            generatedSecret={state.generatedSecret}
            onWallet={(wallet, secret) => dispatch({ type: "wallet", wallet, secret })}
            onBack={() => dispatch({ type: "goto", step: 1 })}
            onContinue={() => dispatch({ type: "goto", step: 3 })}
          />
        ) : null}
        {state.step === 3 ? (
          <ReviewStep
            form={form}
            wallet={state.wallet}
            networkLabel={network.label}
            onBack={() => dispatch({ type: "goto", step: 1 })}
            onChangeWallet={() => dispatch({ type: "goto", step: 2 })}
            onSubmit={submit}
            market={state.market}
            onMarketChange={(market) => dispatch({ type: "market", market })}
          />
        ) : null}
        {state.step === 4 && state.launch.status !== "idle" ? (
          <SuccessStep
            launch={state.launch}
            networkLabel={network.label}
            curveSharePct={state.market.open ? state.market.curveSharePct : null}
            explorerUrl={network.explorerUrl}
            onCreateAnother={createAnother}
          />
        ) : null}
      </div>
    </PageShell>
  );
}
