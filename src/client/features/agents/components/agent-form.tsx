import { AGENT_TIERS } from "@shared/constants";
import { CreateAgentSchema, type ManagedAgent } from "@shared/schemas/agents";
import { type FormEvent, useState } from "react";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { Select } from "@/components/ui/select";
import { Textarea } from "@/components/ui/textarea";
import { ApiError } from "@/lib/api";
import { useSingleFlight } from "@/lib/use-single-flight";

export interface TokenChoice {
  mint: string;
  symbol: string;
  name: string;
}

interface Values {
  tokenMint: string;
  name: string;
  specialty: string;
  description: string;
  avatar: string;
  capabilities: string;
  tier: string;
  tokenRequirement: string;
  responseStyle: string;
  knowledgeNotes: string;
  isActive: boolean;
}

const fromAgent = (a: ManagedAgent): Values => ({ ...a, capabilities: a.capabilities.join("\n") });

/** Create or edit one agent. Validated with the same schema as the API; the server's field
 * messages (e.g. a requirement above the supply) land on the fields too. */
/** Opened from a button that goes away meanwhile: the first field the person can edit takes
 * focus (the token is fixed once an agent exists). */
function focusFirstField(form: HTMLFormElement | null): void {
  form?.querySelector<HTMLElement>("input:not([disabled]), select:not([disabled]), textarea")?.focus();
}

export function AgentForm(props: {
  tokens: TokenChoice[];
  agent: ManagedAgent | null;
  submitting: boolean;
  onSubmit(body: ReturnType<typeof CreateAgentSchema.parse>): Promise<void>;
  onCancel(): void;
}) {
  const { tokens, agent, submitting } = props;
  const [values, setValues] = useState<Values>(
    agent
      ? fromAgent(agent)
      : {
          tokenMint: tokens[0]?.mint ?? "",
          name: "",
          specialty: "",
          description: "",
          avatar: "🤖",
          capabilities: "",
          tier: "basic",
          tokenRequirement: "1000",
          responseStyle: "Friendly and clear",
          knowledgeNotes: "",
          isActive: true,
        },
  );
  const [errors, setErrors] = useState<Record<string, string>>({});
  const set = (key: keyof Values) => (e: { target: { value: string } }) =>
    setValues((v) => ({ ...v, [key]: e.target.value }));

  const save = useSingleFlight(async (body: ReturnType<typeof CreateAgentSchema.parse>) => {
    try {
      await props.onSubmit(body);
    } catch (err) {
      if (err instanceof ApiError && err.fields) setErrors(err.fields);
    }
  });

  async function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = CreateAgentSchema.safeParse({
      ...values,
      capabilities: values.capabilities
        .split("\n")
        .map((c) => c.trim())
        .filter(Boolean),
    });
    if (!parsed.success) {
      setErrors(Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0]), i.message])));
      return;
    }
    setErrors({});
    await save(parsed.data);
  }

  return (
    <form ref={focusFirstField} onSubmit={submit} className="grid gap-4 sm:grid-cols-2" noValidate>
      <Field label="Token" error={errors.tokenMint} required>
        <Select
          value={values.tokenMint}
          onChange={set("tokenMint")}
          disabled={agent !== null}
          options={tokens.map((t) => ({ value: t.mint, label: `${t.name} ($${t.symbol})` }))}
        />
      </Field>
      <Field label="Agent name" error={errors.name} required>
        <Input value={values.name} onChange={set("name")} maxLength={60} />
      </Field>
      <Field label="Specialty" error={errors.specialty} required>
        <Input value={values.specialty} onChange={set("specialty")} maxLength={80} />
      </Field>
      <Field label="Avatar emoji" error={errors.avatar} required>
        <Input value={values.avatar} onChange={set("avatar")} maxLength={16} />
      </Field>
      <Field label="Tier" error={errors.tier} required>
        <Select
          value={values.tier}
          onChange={set("tier")}
          options={AGENT_TIERS.map((t) => ({ value: t, label: t }))}
        />
      </Field>
      <Field
        label="Tokens required"
        error={errors.tokenRequirement}
        description="How many tokens a holder needs to chat, e.g. 100 or 0.5."
        required
      >
        <Input value={values.tokenRequirement} onChange={set("tokenRequirement")} inputMode="decimal" />
      </Field>
      <Field label="Response style" error={errors.responseStyle} required className="sm:col-span-2">
        <Input value={values.responseStyle} onChange={set("responseStyle")} maxLength={80} />
      </Field>
      <Field label="Description" error={errors.description} className="sm:col-span-2">
        <Textarea value={values.description} onChange={set("description")} rows={2} maxLength={500} />
      </Field>
      <Field
        label="Capabilities"
        description="One per line."
        error={errors.capabilities}
        className="sm:col-span-2"
      >
        <Textarea value={values.capabilities} onChange={set("capabilities")} rows={3} />
      </Field>
      <Field
        label="Knowledge notes"
        description="What the agent answers from. Use # headings for topics; it says so when a question is not covered."
        error={errors.knowledgeNotes}
        className="sm:col-span-2"
      >
        <Textarea value={values.knowledgeNotes} onChange={set("knowledgeNotes")} rows={8} />
      </Field>
      <div className="flex gap-2 sm:col-span-2">
        <Button type="submit" variant="primary" disabled={submitting}>
          {agent ? "Save agent" : "Create agent"}
        </Button>
        <Button variant="ghost" onClick={props.onCancel}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
