import type { Agent, ChatMessage } from "@shared/schemas/agents";
import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useRef, useState } from "react";
import { toast } from "@/components/ui/use-toast";
import { ApiError, errorMessage, ServerUnreachableError } from "@/lib/api";
import { useAttemptKey } from "@/lib/use-attempt-key";
import { agentsQueryKey } from "../api/get-agents";
import { messagesQueryKey, useAgentMessages } from "../api/get-messages";
import { sendMessage } from "../api/send-message";

export const PLACEHOLDER_REPLY = "I'm processing your request...";

export interface ShownMessage {
  id: string;
  message: string;
  isUser: boolean;
  engine: string | null;
  /** The reply is still arriving. */
  streaming?: boolean;
}

/** One agent's conversation: the stored history plus the exchange under way. Sending shows
 * the question and the spec's placeholder at once; the streamed answer replaces the
 * placeholder. `send` resolves false when the message was not accepted, so the caller can
 * give the typed text back. */
export function useAgentChat(agent: Agent | null) {
  const queryClient = useQueryClient();
  const history = useAgentMessages(agent?.id ?? null);
  const [live, setLive] = useState<ShownMessage[]>([]);
  const [pending, setPending] = useState(false);
  const controller = useRef<AbortController | null>(null);
  // The same message sent again after a lost answer carries the same key: the server answers
  // the stored exchange instead of storing the question twice.
  const { keyFor, forget } = useAttemptKey();

  // Another agent: drop the exchange under way (its reply is stored server-side anyway).
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on purpose when the agent changes.
  useEffect(() => {
    setLive([]);
    setPending(false);
    return () => controller.current?.abort();
  }, [agent?.id]);

  const send = useCallback(
    async (text: string): Promise<boolean> => {
      const message = text.trim();
      if (!agent || !message || pending) return false;
      const localId = `local-${Date.now()}`;
      setPending(true);
      setLive([
        { id: `${localId}-q`, message, isUser: true, engine: null },
        { id: `${localId}-a`, message: PLACEHOLDER_REPLY, isUser: false, engine: null, streaming: true },
      ]);
      const abort = new AbortController();
      controller.current = abort;
      let answer = "";
      let question: ChatMessage | null = null;
      try {
        const idempotencyKey = keyFor(`${agent.id}\n${message}`);
        const reply = await sendMessage(
          { agentId: agent.id, message, idempotencyKey },
          {
            onMeta: (meta) => {
              question = meta.userMessage;
            },
            onDelta: (delta) => {
              answer += delta;
              setLive((shown) => shown.map((m) => (m.streaming ? { ...m, message: answer } : m)));
            },
          },
          abort.signal,
        );
        forget();
        // A repeated exchange may be in the history already (read again after the outage).
        queryClient.setQueryData<ChatMessage[]>(messagesQueryKey(agent.id), (old = []) => [
          ...old,
          ...[...(question ? [question] : []), reply].filter((m) => !old.some((o) => o.id === m.id)),
        ]);
        setLive([]);
        return true;
      } catch (err) {
        if (abort.signal.aborted) return false;
        setLive([]);
        if (err instanceof ApiError && err.status < 500) forget();
        if (err instanceof ServerUnreachableError) {
          toast({
            title: "Connection lost",
            description:
              "No answer came, so your message may have reached the agent. Once you're back online, send it again: it will not be asked twice.",
            variant: "destructive",
          });
        } else if (err instanceof ApiError && err.status === 403) {
          toast({ title: "Access Denied", description: err.message, variant: "destructive" });
          // The chain said no: the list's lock icons are out of date.
          void queryClient.invalidateQueries({ queryKey: [...agentsQueryKey, "list"] });
        } else {
          toast({
            title: "Message not sent",
            description: errorMessage(err, "Failed to send message"),
            variant: "destructive",
          });
        }
        return false;
      } finally {
        if (controller.current === abort) controller.current = null;
        setPending(false);
      }
    },
    [agent, pending, queryClient, keyFor, forget],
  );

  const stored: ShownMessage[] = (history.data ?? []).map((m) => ({
    id: m.id,
    message: m.message,
    isUser: m.isUser,
    engine: m.engine,
  }));
  return {
    messages: [...stored, ...live],
    pending,
    send,
    isLoading: history.isLoading,
    isError: history.isError,
  };
}
