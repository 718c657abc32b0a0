import type { TokenForm, TokenFormValues } from "@shared/schemas/token";
import { ArrowLeft, Rocket } from "lucide-react";
import type { UseFormReturn } from "react-hook-form";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { Textarea } from "@/components/ui/textarea";
import { shortAddress } from "@/lib/wallet";
import type { MarketChoice } from "../hooks/market-choice";
import type { LaunchWallet } from "../hooks/use-create-wizard";
import { MarketSection } from "./market-section";
import { TokenPreview } from "./token-preview";

export type TokenFormApi = UseFormReturn<TokenForm, unknown, TokenFormValues>;

export interface ReviewStepProps {
  form: TokenFormApi;
  wallet: LaunchWallet | null;
  networkLabel: string;
  onBack: () => void;
  onSubmit: (values: TokenFormValues) => void;
  onChangeWallet: () => void;
  market: MarketChoice;
  onMarketChange: (change: Partial<MarketChoice>) => void;
}

/** Step 3: every field of the token, validated with the spec's messages, beside a live preview. */
export function ReviewStep({
  form,
  wallet,
  networkLabel,
  onBack,
  onSubmit,
  onChangeWallet,
  market,
  onMarketChange,
}: ReviewStepProps) {
  const { register, formState, watch, setValue } = form;
  const { errors } = formState;
  const values = watch();

  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
      <Card>
        <CardHeader>
          <CardTitle as="h2">Review &amp; Deploy</CardTitle>
          <CardDescription>
            {wallet ? (
              <>
                Launching from <code className="font-mono">{shortAddress(wallet.publicKey)}</code>.{" "}
                <Button type="button" variant="link" onClick={onChangeWallet}>
                  Change wallet
                </Button>
              </>
            ) : (
              "Check every detail: name, symbol and supply are permanent once launched."
            )}
          </CardDescription>
        </CardHeader>
        <CardContent>
          <form noValidate className="flex flex-col gap-4" onSubmit={form.handleSubmit(onSubmit)}>
            <div className="grid gap-4 sm:grid-cols-[minmax(0,1fr)_10rem]">
              <Field label="Token name" error={errors.name?.message} required>
                <Input autoComplete="off" {...register("name")} />
              </Field>
              <Field label="Symbol" error={errors.symbol?.message} required>
                <Input
                  autoComplete="off"
                  className="font-mono uppercase"
                  // Registered here, after the name: a failed submit focuses the first invalid
                  // field in registration order, which must be the form's order.
                  {...register("symbol")}
                  onChange={(e) => {
                    // Spec section 5: symbols are upper case; show it as it will be minted.
                    setValue("symbol", e.target.value.toUpperCase(), {
                      shouldDirty: true,
                      shouldValidate: formState.isSubmitted,
                    });
                  }}
                />
              </Field>
            </div>
            <Field
              label="Description"
              error={errors.description?.message}
              description={`${(values.description ?? "").length}/500`}
            >
              <Textarea rows={4} {...register("description")} />
            </Field>
            <Field
              label="Tagline (optional)"
              error={errors.tagline?.message}
              description={`One line under the name on your token page and share card. ${(values.tagline ?? "").length}/120`}
            >
              <Input autoComplete="off" maxLength={120} {...register("tagline")} />
            </Field>
            <Field
              label="Total supply"
              error={errors.totalSupply?.message}
              description="Whole tokens; all minted to your wallet, then the supply is fixed."
              required
            >
              <Input inputMode="numeric" autoComplete="off" {...register("totalSupply")} />
            </Field>
            <Field label="Image URL (optional)" error={errors.imageUrl?.message}>
              <Input type="url" placeholder="https://…" autoComplete="off" {...register("imageUrl")} />
            </Field>
            <Field label="Website (optional)" error={errors.website?.message}>
              <Input type="url" placeholder="https://…" autoComplete="url" {...register("website")} />
            </Field>
            <div className="grid gap-4 sm:grid-cols-2">
              <Field label="Twitter (optional)" error={errors.twitter?.message}>
                <Input placeholder="@handle" autoComplete="off" {...register("twitter")} />
              </Field>
              <Field label="Discord (optional)" error={errors.discord?.message}>
                <Input placeholder="Invite link or server name" autoComplete="off" {...register("discord")} />
              </Field>
            </div>
            <MarketSection
              value={market}
              onChange={onMarketChange}
              totalSupply={values.totalSupply ?? ""}
              browserWallet={wallet?.kind === "external"}
            />
            <div className="mt-2 flex flex-wrap justify-between gap-3">
              <Button type="button" variant="ghost" onClick={onBack}>
                <ArrowLeft aria-hidden="true" />
                Back
              </Button>
              <Button type="submit" size="lg">
                <Rocket aria-hidden="true" />
                Create Token
              </Button>
            </div>
          </form>
        </CardContent>
      </Card>
      <TokenPreview
        name={values.name ?? ""}
        symbol={values.symbol ?? ""}
        totalSupply={values.totalSupply ?? ""}
        tagline={values.tagline}
        imageUrl={values.imageUrl}
        networkLabel={networkLabel}
      />
    </div>
  );
}
