import type { Agent } from "@shared/schemas/agents";
import { useEffect, useMemo, useRef, useState } from "react";
import { PageShell } from "@/components/layout";
import { toast } from "@/components/ui/use-toast";
import { AgentList, ChatPanel, ManageAgents, useAgents } from "@/features/agents";
import { useUserTokens } from "@/features/tokens/api/get-user-tokens";
import { useSession } from "@/lib/session";
import { usePageTitle } from "@/lib/use-page-title";

/** /ai-agents: token-gated agents (spec section 2). Locks come from on-chain balances and
 * the server checks them again on every message. */
export default function AiAgentsPage() {
  usePageTitle("AI Agents");
  const { user } = useSession();
  const agents = useAgents(user?.id ?? null);
  const tokens = useUserTokens(user?.id);
  const [selectedId, setSelectedId] = useState<string | null>(null);

  // A selected agent stays selected until another is chosen (spec section 4), unless it is
  // gone from the list (deactivated) or the session changed.
  const selected: Agent | null = useMemo(
    () => agents.data?.find((a) => a.id === selectedId) ?? null,
    [agents.data, selectedId],
  );

  // One column (phones): the conversation sits below the list, out of sight; bring it up.
  const chat = useRef<HTMLDivElement>(null);
  const showChat = () => {
    if (!window.matchMedia("(min-width: 1024px)").matches)
      chat.current?.scrollIntoView({ behavior: "smooth", block: "start" });
  };

  useEffect(() => {
    if (agents.isError)
      toast({ title: "Error", description: "Failed to load agents", variant: "destructive" });
  }, [agents.isError]);

  const launched = (tokens.data ?? [])
    .filter((t) => t.status === "active" && t.mintAddress)
    .map((t) => ({ mint: t.mintAddress ?? "", symbol: t.symbol, name: t.name }));

  return (
    <PageShell className="px-4 py-8 sm:py-12">
      <div className="mx-auto flex max-w-6xl flex-col gap-8">
        <header>
          <h1 className="text-3xl font-bold tracking-tight">Token-Gated AI Agents</h1>
          <p className="text-muted-foreground">Exclusive AI assistants unlocked by your token holdings</p>
        </header>
        <div className="grid grid-cols-[minmax(0,1fr)] gap-6 lg:grid-cols-3">
          <div className="lg:col-span-1">
            <AgentList
              agents={agents.data}
              isLoading={agents.isLoading}
              signedIn={Boolean(user)}
              selectedId={selected?.id ?? null}
              onSelect={(agent) => {
                if (!agent.isUnlocked) return;
                setSelectedId(agent.id);
                showChat();
              }}
            />
          </div>
          <div className="scroll-mt-20 lg:col-span-2" ref={chat}>
            <ChatPanel agent={selected} />
          </div>
        </div>
        {user ? <ManageAgents tokens={launched} /> : null}
      </div>
    </PageShell>
  );
}
