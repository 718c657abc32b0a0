import { Eye, EyeOff, ShieldAlert } from "lucide-react";
import { useEffect, useId, useRef, useState } from "react";
import { Button } from "@/components/ui/button";
import { CopyButton } from "@/components/ui/copy-button";

/**
 * The one and only time the secret key is shown. Hidden until asked for, so it does not
 * end up in a screen share by accident; copyable, with a plain-words warning.
 */
export function SecretKeyBackup({ secretKey }: { secretKey: string }) {
  const [revealed, setRevealed] = useState(false);
  const keyId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  // It appears in place of the button that made the wallet: focus comes here, not to the page.
  useEffect(() => heading.current?.focus(), []);
  return (
    <section
      aria-labelledby={`${keyId}-title`}
      className="rounded-lg border border-warning-soft-foreground/30 bg-warning-soft p-4 text-warning-soft-foreground"
    >
      <h3
        id={`${keyId}-title`}
        ref={heading}
        tabIndex={-1}
        className="flex items-center gap-2 font-semibold outline-none"
      >
        <ShieldAlert aria-hidden="true" className="size-5" />
        Back up your secret key now
      </h3>
      <p className="mt-1 text-sm">
        This is the only time we show it. Anyone who has it controls this wallet and its tokens, and we cannot
        recover it for you. Store it in a password manager; never share it.
      </p>
      <div className="mt-3 flex flex-wrap items-center gap-2">
        <code
          id={keyId}
          data-testid="secret-key"
          className="w-full break-all rounded-md bg-background/70 px-3 py-2 font-mono text-xs text-foreground"
        >
          {revealed ? secretKey : "•".repeat(44)}
        </code>
        <Button
          type="button"
          variant="outline"
          size="sm"
          aria-controls={keyId}
          aria-pressed={revealed}
          onClick={() => setRevealed((r) => !r)}
        >
          {revealed ? <EyeOff aria-hidden="true" /> : <Eye aria-hidden="true" />}
          {revealed ? "Hide" : "Reveal"}
        </Button>
        <CopyButton value={secretKey} label="Copy secret key" size="sm">
          Copy
        </CopyButton>
      </div>
    </section>
  );
}
