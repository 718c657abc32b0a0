import { COPY_CONFIRM_MS } from "@shared/constants";
import { Check, Copy } from "lucide-react";
import { type ReactNode, useEffect, useRef, useState } from "react";
import { Button, type ButtonSize, type ButtonVariant } from "./button";
import { cn } from "./cn";
import { toast } from "./use-toast";

export interface CopyButtonProps {
  /** The text put on the clipboard. */
  value: string;
  /** Accessible name for an icon-only button, e.g. "Copy mint address". */
  label?: string;
  /** Visible text; when given, it switches to `copiedText` while the check shows. */
  children?: ReactNode;
  copiedText?: ReactNode;
  /** Toast on success (spec: 'Copied', or 'Copied!' / 'Command copied to clipboard'). */
  successTitle?: string;
  successDescription?: string;
  /** Toast on failure (spec: 'Copy failed' / 'Please copy the command manually'). */
  failureTitle?: string;
  failureDescription?: string;
  variant?: ButtonVariant;
  size?: ButtonSize;
  className?: string;
  onCopied?: () => void;
}

async function writeClipboard(text: string): Promise<void> {
  if (navigator.clipboard?.writeText) {
    await navigator.clipboard.writeText(text);
    return;
  }
  // No async clipboard (plain http on a LAN address): the legacy path still works there.
  const area = document.createElement("textarea");
  area.value = text;
  area.setAttribute("readonly", "");
  area.style.position = "fixed";
  area.style.opacity = "0";
  document.body.appendChild(area);
  area.select();
  const ok = document.execCommand("copy");
  area.remove();
  if (!ok) throw new Error("copy refused");
}

/** Copies `value`; shows a check icon for COPY_CONFIRM_MS (2,000 ms) and a toast. */
export function CopyButton({
  value,
  label = "Copy",
  children,
  copiedText = "Copied!",
  successTitle = "Copied",
  successDescription,
  failureTitle = "Copy failed",
  failureDescription = "Please copy the command manually",
  variant = "outline",
  size,
  className,
  onCopied,
}: CopyButtonProps) {
  const [copied, setCopied] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  async function copy() {
    try {
      await writeClipboard(value);
    } catch {
      toast({ title: failureTitle, description: failureDescription, variant: "destructive" });
      return;
    }
    setCopied(true);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setCopied(false), COPY_CONFIRM_MS);
    toast({ title: successTitle, description: successDescription, variant: "success" });
    onCopied?.();
  }

  const icon = copied ? <Check aria-hidden="true" data-copied="true" /> : <Copy aria-hidden="true" />;
  const iconOnly = children === undefined;
  return (
    <Button
      type="button"
      variant={variant}
      size={size ?? (iconOnly ? "icon-sm" : "default")}
      className={cn(copied && (variant === "outline" || variant === "ghost") && "text-success", className)}
      aria-label={iconOnly ? (copied ? `${label}: copied` : label) : undefined}
      data-state={copied ? "copied" : "idle"}
      onClick={copy}
    >
      {icon}
      {iconOnly ? null : copied ? copiedText : children}
    </Button>
  );
}
