import { zodResolver } from "@hookform/resolvers/zod";
import {
  type CreateRewardRequest,
  CreateRewardSchema,
  REWARD_RARITIES,
  REWARD_TITLE_MAX,
  REWARD_TITLE_TOO_LONG,
  type Reward,
  type RewardDraft,
  rewardTitleLength,
  typedWholeNumber,
} from "@shared/schemas/rewards";
import { Sparkles } from "lucide-react";
import { useState } from "react";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { Select } from "@/components/ui/select";
import { Spinner } from "@/components/ui/spinner";
import { Textarea } from "@/components/ui/textarea";
import { toast } from "@/components/ui/use-toast";
import { ApiError, errorMessage } from "@/lib/api";
import { useAttemptKey } from "@/lib/use-attempt-key";
import { useCreateReward, useDraftRewards } from "../api/manage-rewards";
import { ImageChoice } from "./image-choice";
import { RewardDrafts } from "./reward-drafts";

interface TokenChoice {
  mint: string;
  symbol: string;
  name: string;
}

const UNLOCK_LABELS = {
  holding_amount: "Hold an amount",
  holding_duration: "Hold an amount for a number of days",
  engagement: "Engagement percentile",
} as const;

const blank = (tokenMint: string): CreateRewardRequest => ({
  tokenMint,
  title: "",
  description: "",
  rarity: "rare",
  imageUrl: undefined,
  totalSupply: 100,
  soulbound: false,
  unlockCondition: { type: "holding_amount", value: "", days: undefined },
  isActive: true,
  autoMint: true,
});

/** Create Reward (creators): Create with AI drafts ideas from the token's community; the
 * creator picks one, edits it in the form, and saves. */
export function CreateReward({
  tokens,
  onCreated,
}: {
  tokens: TokenChoice[];
  /** A switched-on reward was created: it is on Active Rewards. */
  onCreated(reward: Reward): void;
}) {
  const create = useCreateReward();
  const draft = useDraftRewards();
  const [prompt, setPrompt] = useState("");
  const [imageRefused, setImageRefused] = useState<string>();
  // One key per reward the creator means: a retry after a timeout cannot create it twice.
  const attempt = useAttemptKey();
  const form = useForm<CreateRewardRequest, unknown, z.output<typeof CreateRewardSchema>>({
    resolver: zodResolver(CreateRewardSchema),
    defaultValues: blank(tokens[0]?.mint ?? ""),
  });
  const { errors } = form.formState;
  const type = form.watch("unlockCondition.type");
  const tokenMint = form.watch("tokenMint");
  const symbol = tokens.find((t) => t.mint === tokenMint)?.symbol ?? "";
  const titleLength = rewardTitleLength((form.watch("title") ?? "").trim());

  const askAi = () =>
    draft.mutate(
      { tokenMint, prompt: prompt.trim() || undefined },
      {
        onError: (err) =>
          toast({
            title: "Error",
            description: errorMessage(err, "Failed to draft rewards"),
            variant: "destructive",
          }),
      },
    );

  const pick = (d: RewardDraft) => {
    form.reset({
      ...form.getValues(),
      title: d.title,
      description: d.description,
      rarity: d.rarity,
      totalSupply: d.totalSupply,
      soulbound: d.soulbound,
      unlockCondition: {
        type: d.unlockCondition.type,
        value: d.unlockCondition.value,
        days: d.unlockCondition.days,
      },
    });
    // After the reset has rendered: react-hook-form drops a focus asked for in the same turn.
    requestAnimationFrame(() => form.setFocus("title", { shouldSelect: true }));
  };

  const submit = form.handleSubmit(async (values, event) => {
    // Not saved with another image than the one the creator meant: back to the refused file.
    if (imageRefused) {
      const target = event?.target;
      if (target instanceof HTMLFormElement)
        target.querySelector<HTMLInputElement>("input[type=file]")?.focus();
      return;
    }
    const { unlockCondition } = values;
    const body = {
      ...values,
      unlockCondition: {
        ...unlockCondition,
        days: unlockCondition.type === "holding_duration" ? unlockCondition.days : undefined,
      },
    };
    try {
      const reward = await create.mutateAsync({
        ...body,
        idempotencyKey: attempt.keyFor(JSON.stringify(body)),
      });
      attempt.forget();
      toast({
        title: "NFT Reward Created",
        description: reward.isActive
          ? `${reward.title} is live for ${reward.tokenSymbol} holders.`
          : `${reward.title} is saved paused: resume it under Your rewards.`,
        variant: "success",
      });
      form.reset(blank(values.tokenMint));
      draft.reset();
      setPrompt("");
      // A switched-on reward is on Active Rewards; a switched-off one stays in this tab's list.
      if (reward.isActive) onCreated(reward);
    } catch (err) {
      // A refusal (4xx) created nothing: the next attempt is a new reward.
      if (err instanceof ApiError && err.status < 500) attempt.forget();
      const message = errorMessage(err, "Failed to create reward");
      const fields = err instanceof ApiError && err.fields ? err.fields : {};
      for (const [name, text] of Object.entries(fields))
        form.setError(name as keyof CreateRewardRequest, { type: "server", message: text });
      form.setError("root", { type: "server", message });
      toast({ title: "Reward Creation Failed", description: message, variant: "destructive" });
    }
  });

  return (
    <div className="flex flex-col gap-6">
      <Card>
        <CardHeader>
          <CardTitle as="h2" className="flex items-center gap-2">
            <Sparkles aria-hidden="true" className="size-5" /> AI-Powered Reward Creation
          </CardTitle>
          <CardDescription>
            Ideas drafted from your token and what your holders actually hold. Pick one and edit it below.
          </CardDescription>
        </CardHeader>
        <CardContent className="flex flex-col gap-4">
          <Field label="Your idea (optional)" description="For example: something for my early listeners.">
            <Textarea rows={2} maxLength={500} value={prompt} onChange={(e) => setPrompt(e.target.value)} />
          </Field>
          <Button
            variant="default"
            className="w-fit"
            disabled={!tokenMint || draft.isPending}
            onClick={askAi}
          >
            {draft.isPending ? <Spinner className="size-4" /> : <Sparkles aria-hidden="true" />}
            Create with AI
          </Button>
          {draft.data ? (
            <RewardDrafts
              drafts={draft.data.drafts}
              engine={draft.data.engine}
              symbol={tokens.find((t) => t.mint === draft.variables?.tokenMint)?.symbol ?? ""}
              onPick={pick}
            />
          ) : null}
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle as="h2">Reward details</CardTitle>
          <CardDescription>Fans who meet the condition claim a numbered NFT of this reward.</CardDescription>
        </CardHeader>
        <CardContent>
          <form noValidate onSubmit={submit} className="grid gap-4 sm:grid-cols-2" aria-label="Create reward">
            <Field label="Token" error={errors.tokenMint?.message} required>
              <Select
                {...form.register("tokenMint")}
                options={tokens.map((t) => ({ value: t.mint, label: `${t.name} ($${t.symbol})` }))}
              />
            </Field>
            {/* No maxLength: the browser would cut a pasted title without a word. The count and
                the refusal show while typing. */}
            <Field
              label="Title"
              error={
                errors.title?.message ?? (titleLength > REWARD_TITLE_MAX ? REWARD_TITLE_TOO_LONG : undefined)
              }
              description={`${titleLength} / ${REWARD_TITLE_MAX} characters`}
              required
            >
              <Input autoComplete="off" {...form.register("title")} />
            </Field>
            <Field label="Description" error={errors.description?.message} className="sm:col-span-2">
              <Textarea rows={3} maxLength={300} {...form.register("description")} />
            </Field>
            <Field label="Rarity" error={errors.rarity?.message} required>
              <Select
                {...form.register("rarity")}
                options={REWARD_RARITIES.map((r) => ({ value: r, label: r[0]?.toUpperCase() + r.slice(1) }))}
              />
            </Field>
            <Field label="Total supply" error={errors.totalSupply?.message} required>
              <Input
                inputMode="numeric"
                autoComplete="off"
                {...form.register("totalSupply", { setValueAs: typedWholeNumber })}
              />
            </Field>
            <Field label="Unlock condition" error={errors.unlockCondition?.type?.message} required>
              <Select
                {...form.register("unlockCondition.type")}
                options={Object.entries(UNLOCK_LABELS).map(([value, label]) => ({ value, label }))}
              />
            </Field>
            <Field
              label={
                type === "engagement" ? "Percentile (1-100)" : `Tokens to hold${symbol ? ` (${symbol})` : ""}`
              }
              error={errors.unlockCondition?.value?.message}
              required
            >
              <Input inputMode="decimal" autoComplete="off" {...form.register("unlockCondition.value")} />
            </Field>
            {type === "holding_duration" ? (
              <Field label="Days held" error={errors.unlockCondition?.days?.message} required>
                <Input
                  inputMode="numeric"
                  autoComplete="off"
                  {...form.register("unlockCondition.days", { setValueAs: typedWholeNumber })}
                />
              </Field>
            ) : null}
            <ImageChoice
              className="sm:col-span-2"
              value={form.watch("imageUrl")}
              error={imageRefused ?? errors.imageUrl?.message}
              onChange={(url) => {
                setImageRefused(undefined);
                form.setValue("imageUrl", url, { shouldValidate: true });
              }}
              onError={(message) => {
                // A refused file leaves no image chosen (the one picked before is not saved in
                // its place), and the refusal stays until another choice: validation clears
                // errors set by hand, so it is kept here.
                form.setValue("imageUrl", undefined);
                setImageRefused(message);
              }}
            />
            <div className="flex flex-col gap-3 sm:col-span-2">
              <label className="flex items-start gap-2 text-sm">
                <input type="checkbox" className="mt-0.5 size-4" {...form.register("soulbound")} />
                <span>
                  Soulbound: the NFT stays in the wallet that earned it (for status badges; collectibles stay
                  transferable).
                </span>
              </label>
              <label className="flex items-start gap-2 text-sm">
                <input type="checkbox" className="mt-0.5 size-4" {...form.register("isActive")} />
                <span>Active: fans can claim it as soon as it is created.</span>
              </label>
              <label className="flex items-start gap-2 text-sm">
                <input type="checkbox" className="mt-0.5 size-4" {...form.register("autoMint")} />
                <span>Send automatically: every fan who qualifies gets one without claiming it.</span>
              </label>
            </div>
            {errors.root?.message ? (
              <p
                role="alert"
                className="rounded-md bg-destructive-soft p-3 text-sm text-destructive-soft-foreground sm:col-span-2"
              >
                {errors.root.message}
              </p>
            ) : null}
            <div className="sm:col-span-2">
              <Button type="submit" variant="primary" disabled={create.isPending}>
                {create.isPending ? <Spinner className="size-4" /> : null}
                Create Reward
              </Button>
            </div>
          </form>
        </CardContent>
      </Card>
    </div>
  );
}
