import { cn } from "@/components/ui/cn";
import { CopyButton } from "@/components/ui/copy-button";

/** A terminal command with its copy button (spec: 'Copied!' / 'Command copied to
 * clipboard'; on failure 'Copy failed' / 'Please copy the command manually'). Long
 * commands wrap rather than scroll, so narrow screens need no horizontal scrolling. */
export function CodeBlock({
  code,
  caption,
  prompt = "$",
  className,
}: {
  code: string;
  caption?: string;
  prompt?: string;
  className?: string;
}) {
  return (
    <figure
      className={cn("overflow-hidden rounded-lg border border-zinc-800 bg-zinc-950 text-zinc-100", className)}
    >
      {caption ? (
        <figcaption className="border-b border-zinc-800 px-4 py-2 text-xs font-medium text-zinc-300">
          {caption}
        </figcaption>
      ) : null}
      <div className="flex items-start gap-3 py-2 pr-2 pl-4">
        <pre className="min-w-0 flex-1 py-1.5 font-mono text-sm leading-relaxed whitespace-pre-wrap [overflow-wrap:anywhere]">
          {prompt ? (
            <span aria-hidden="true" className="mr-2 text-zinc-400 select-none">
              {prompt}
            </span>
          ) : null}
          <code>{code}</code>
        </pre>
        <CopyButton
          value={code}
          label={`Copy command: ${code}`}
          successTitle="Copied!"
          successDescription="Command copied to clipboard"
          failureTitle="Copy failed"
          failureDescription="Please copy the command manually"
          variant="ghost"
          className="text-zinc-300 hover:bg-zinc-800 hover:text-white data-[state=copied]:text-emerald-400"
        />
      </div>
    </figure>
  );
}
