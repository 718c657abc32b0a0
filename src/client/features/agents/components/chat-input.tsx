import { SendHorizontal } from "lucide-react";
import { type FormEvent, useEffect, useRef, useState } from "react";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";

/** Input + send. Enter sends; blank or pending cannot send. The box clears on send and gets
 * the text back if the message was not accepted. Shown when an agent is chosen, it takes focus:
 * what is typed next is the message (the scroll is left to the page). */
export function ChatInput({
  agentName,
  pending,
  onSend,
}: {
  agentName: string;
  pending: boolean;
  onSend(text: string): Promise<boolean>;
}) {
  const [text, setText] = useState("");
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => {
    input.current?.focus({ preventScroll: true });
  }, []);
  const blank = text.trim() === "";

  async function submit(event?: FormEvent) {
    event?.preventDefault();
    if (blank || pending) return;
    const typed = text;
    setText("");
    const accepted = await onSend(typed);
    if (!accepted) setText((current) => current || typed);
  }

  return (
    <form onSubmit={submit} className="flex items-center gap-2">
      <Input
        ref={input}
        value={text}
        onChange={(e) => setText(e.target.value)}
        placeholder={`Message ${agentName}...`}
        aria-label={`Message ${agentName}`}
        maxLength={2000}
        autoComplete="off"
      />
      <Button
        type="submit"
        size="icon"
        variant="primary"
        disabled={blank || pending}
        aria-label="Send message"
      >
        <SendHorizontal aria-hidden="true" />
      </Button>
    </form>
  );
}
