import { LIMITS, PROFESSIONS, STYLES } from "@shared/constants";
import type { AiProfile, IdentityCandidate } from "@shared/schemas/ai";
import { ArrowRight, RefreshCw, Sparkles } from "lucide-react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { cn } from "@/components/ui/cn";
import { Field } from "@/components/ui/field";
import { Select } from "@/components/ui/select";
import { Spinner } from "@/components/ui/spinner";
import { Textarea } from "@/components/ui/textarea";
import type { IdentityInput } from "../hooks/use-create-wizard";

const capitalise = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
const professionOptions = PROFESSIONS.map((p) => ({ value: p, label: capitalise(p) }));
const styleOptions = STYLES.map((s) => ({ value: s, label: capitalise(s) }));

export interface IdentityStepProps {
  identity: IdentityInput;
  profile: AiProfile | null;
  generating: boolean;
  onIdentityChange: (patch: Partial<IdentityInput>) => void;
  /** Also "Generate again": the same text asked again offers other names. */
  onGenerate: () => void;
  /** The person chose another of the draft's candidates. */
  onPick: (candidate: IdentityCandidate) => void;
  onContinue: () => void;
  /** For people who already know their token: straight to the form. */
  onSkip: () => void;
}

/** Step 1: the person describes themselves; the AI drafts a token identity. */
export function IdentityStep({
  identity,
  profile,
  generating,
  onIdentityChange,
  onGenerate,
  onPick,
  onContinue,
  onSkip,
}: IdentityStepProps) {
  const candidates = profile?.candidates ?? [];
  const tooShort = identity.userInput.trim().length < LIMITS.aiInputMin;
  return (
    <div className="flex flex-col gap-6">
      <Card>
        <CardHeader>
          <CardTitle as="h2" className="flex items-center gap-2">
            <Sparkles aria-hidden="true" className="size-5 text-primary" />
            Tell us about you
          </CardTitle>
          <CardDescription>
            Who you are, what you make and what you want your community to do together.
          </CardDescription>
        </CardHeader>
        <CardContent>
          <form
            className="flex flex-col gap-4"
            onSubmit={(e) => {
              e.preventDefault();
              if (!tooShort && !generating) onGenerate();
            }}
          >
            <Field
              label="About you and your goals"
              description={`At least ${LIMITS.aiInputMin} characters. ${identity.userInput.trim().length} so far.`}
            >
              <Textarea
                name="userInput"
                rows={5}
                value={identity.userInput}
                maxLength={2000}
                placeholder="e.g. I'm a synthwave producer with 8K listeners. I want my fans to get early access to tracks and vote on my next EP."
                onChange={(e) => onIdentityChange({ userInput: e.target.value })}
              />
            </Field>
            <div className="grid gap-4 sm:grid-cols-2">
              <Field label="Profession">
                <Select
                  name="profession"
                  value={identity.profession}
                  options={professionOptions}
                  onChange={(e) =>
                    onIdentityChange({ profession: e.target.value as IdentityInput["profession"] })
                  }
                />
              </Field>
              <Field label="Style">
                <Select
                  name="style"
                  value={identity.style}
                  options={styleOptions}
                  onChange={(e) => onIdentityChange({ style: e.target.value as IdentityInput["style"] })}
                />
              </Field>
            </div>
            <div className="flex flex-wrap items-center gap-3">
              <Button type="submit" disabled={generating || tooShort}>
                {generating ? <Spinner className="size-4" /> : <Sparkles aria-hidden="true" />}
                {generating ? "Generating…" : "Generate AI Identity"}
              </Button>
              <Button type="button" variant="link" onClick={onSkip}>
                Skip: I'll fill in my token myself
              </Button>
            </div>
          </form>
        </CardContent>
      </Card>

      {profile ? (
        <Card aria-live="polite" data-testid="ai-profile">
          <CardHeader>
            <div className="flex flex-wrap items-center gap-2">
              <CardTitle as="h2">{profile.name}</CardTitle>
              <Badge variant="secondary">${profile.symbol}</Badge>
              <Badge variant="outline" title="Which engine drafted this">
                {profile.engine.label}
              </Badge>
            </div>
            <CardDescription className="italic">{profile.tagline}</CardDescription>
          </CardHeader>
          <CardContent className="flex flex-col gap-4">
            <p className="text-sm">{profile.description}</p>
            {candidates.length > 1 ? (
              <fieldset className="flex flex-col gap-2">
                <legend className="mb-2 text-sm font-medium">Pick the name you like best</legend>
                {candidates.map((c) => {
                  const chosen = c.name === profile.name && c.symbol === profile.symbol;
                  return (
                    <label
                      key={`${c.name}-${c.symbol}`}
                      className={cn(
                        "flex cursor-pointer items-start gap-3 rounded-lg border p-3 text-sm",
                        chosen ? "border-primary bg-primary/5" : "border-border",
                      )}
                    >
                      <input
                        type="radio"
                        name="candidate"
                        className="mt-1"
                        checked={chosen}
                        onChange={() => onPick(c)}
                      />
                      <span className="flex flex-col gap-0.5">
                        <span className="font-medium">
                          {c.name} <span className="text-muted-foreground">${c.symbol}</span>
                        </span>
                        <span className="text-muted-foreground">{c.tagline}</span>
                      </span>
                    </label>
                  );
                })}
              </fieldset>
            ) : null}
            <p className="text-xs text-muted-foreground">You can edit every field before launch.</p>
            <div className="flex flex-wrap items-center gap-3">
              <Button type="button" variant="primary" onClick={onContinue}>
                Continue
                <ArrowRight aria-hidden="true" />
              </Button>
              <Button type="button" variant="outline" disabled={generating} onClick={onGenerate}>
                {generating ? <Spinner className="size-4" /> : <RefreshCw aria-hidden="true" />}
                Generate again
              </Button>
            </div>
          </CardContent>
        </Card>
      ) : null}
    </div>
  );
}
