import type { Agent } from "@shared/schemas/agents";
import { MessagesSquare } from "lucide-react";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { Skeleton } from "@/components/ui/skeleton";
import { useAgentChat } from "../hooks/use-agent-chat";
import { AgentAvatar } from "./agent-avatar";
import { ChatInput } from "./chat-input";
import { MessageList } from "./message-list";
import { TierBadge } from "./tier-badge";

/** The right panel: nothing selected, or the agent's header, capabilities, style and chat. */
export function ChatPanel({ agent }: { agent: Agent | null }) {
  if (!agent) {
    return (
      <Card className="h-full">
        <CardHeader>
          <CardTitle as="h2">Select an AI Agent</CardTitle>
        </CardHeader>
        <CardContent>
          <EmptyState
            icon={<MessagesSquare />}
            title="No Agent Selected"
            description="Choose an unlocked agent from Available Agents to start a conversation."
          />
        </CardContent>
      </Card>
    );
  }
  return <Conversation key={agent.id} agent={agent} />;
}

function Conversation({ agent }: { agent: Agent }) {
  const chat = useAgentChat(agent);
  return (
    <Card className="flex h-full flex-col">
      <CardHeader className="gap-3 border-b border-border">
        <div className="flex items-start gap-3">
          <AgentAvatar name={agent.name} avatar={agent.avatar} tier={agent.tier} size="lg" />
          <div className="min-w-0 flex-1">
            <div className="flex flex-wrap items-center gap-2">
              <CardTitle as="h2">{agent.name}</CardTitle>
              <TierBadge tier={agent.tier} />
            </div>
            <CardDescription>
              {agent.specialty} · {agent.tokenName} (${agent.tokenSymbol})
            </CardDescription>
          </div>
        </div>
        {agent.capabilities.length ? (
          <div>
            <h3 className="text-sm font-semibold">Capabilities</h3>
            <ul className="mt-1 flex flex-wrap gap-1.5">
              {agent.capabilities.map((c) => (
                <li key={c} className="rounded-full border border-border px-2.5 py-0.5 text-xs">
                  {c}
                </li>
              ))}
            </ul>
          </div>
        ) : null}
        <p className="text-sm">
          <span className="font-semibold">Style:</span>{" "}
          <span className="text-muted-foreground">{agent.responseStyle}</span>
        </p>
      </CardHeader>
      <CardContent className="flex min-h-80 flex-1 flex-col gap-4 pt-6">
        {/* Focusable: a long conversation scrolls, and keyboard users scroll it too. */}
        <section
          // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region takes keyboard focus (WCAG 2.1.1)
          tabIndex={0}
          aria-label={`Messages with ${agent.name}`}
          className="max-h-[28rem] flex-1 overflow-y-auto rounded-md pr-1 focus-visible:outline-2 focus-visible:outline-ring"
        >
          {chat.isLoading ? (
            <Skeleton className="h-24 rounded-xl" />
          ) : (
            <MessageList messages={chat.messages} agentName={agent.name} />
          )}
        </section>
        <ChatInput agentName={agent.name} pending={chat.pending} onSend={chat.send} />
      </CardContent>
    </Card>
  );
}
