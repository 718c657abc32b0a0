import { useEffect, useRef } from "react";
import { cn } from "@/components/ui/cn";
import type { ShownMessage } from "../hooks/use-agent-chat";

/** The conversation. New text scrolls into view; screen readers hear replies as they land. */
export function MessageList({ messages, agentName }: { messages: ShownMessage[]; agentName: string }) {
  const end = useRef<HTMLDivElement>(null);
  const last = messages.at(-1);
  // biome-ignore lint/correctness/useExhaustiveDependencies: scroll when the last message grows.
  useEffect(() => {
    end.current?.scrollIntoView({ block: "end" });
  }, [messages.length, last?.message]);

  if (messages.length === 0) {
    return (
      <p className="py-10 text-center text-sm text-muted-foreground">
        Start the conversation: {agentName} answers from its creator's notes.
      </p>
    );
  }
  return (
    <div
      role="log"
      aria-live="polite"
      aria-label={`Conversation with ${agentName}`}
      className="flex flex-col gap-3"
    >
      {messages.map((m) => (
        <div key={m.id} className={cn("flex flex-col gap-1", m.isUser ? "items-end" : "items-start")}>
          <div
            data-testid={m.isUser ? "message-user" : "message-agent"}
            className={cn(
              "max-w-[85%] rounded-2xl px-4 py-2 text-sm whitespace-pre-wrap [overflow-wrap:anywhere]",
              m.isUser ? "bg-primary text-primary-foreground" : "bg-secondary text-secondary-foreground",
              m.streaming && "opacity-80",
            )}
          >
            {m.message}
          </div>
          {!m.isUser && m.engine ? (
            <span data-testid="engine-label" className="px-1 text-[11px] text-muted-foreground">
              {m.engine}
            </span>
          ) : null}
        </div>
      ))}
      <div ref={end} />
    </div>
  );
}
