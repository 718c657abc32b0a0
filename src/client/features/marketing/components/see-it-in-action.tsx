import { Play } from "lucide-react";
import { lazy, Suspense, useRef, useState } from "react";
import { Button } from "@/components/ui/button";
import { useSiteInfo } from "@/lib/site-info";
import { Section } from "./section";

// The dialog (Radix + walkthrough) is not needed for the first paint: load it on demand,
// and warm it up when the pointer or focus reaches the button.
const loadDemoDialog = () => import("./demo-dialog");
const DemoDialog = lazy(loadDemoDialog);

const PREVIEW_STEPS = ["AI Identity", "Connect Wallet", "Review & Deploy", "Success"] as const;

export function SeeItInAction() {
  const [open, setOpen] = useState(false);
  // Mounted from the first open on, so closing runs Radix's close path (focus return).
  const [opened, setOpened] = useState(0);
  const watchRef = useRef<HTMLButtonElement>(null);
  const { links } = useSiteInfo();
  return (
    <Section
      id="demo"
      eyebrow="See It In Action"
      title="Watch a token go from idea to launch"
      description="The whole wizard in four steps: describe yourself, get a wallet, review, launch."
    >
      <div className="mx-auto max-w-4xl overflow-hidden rounded-2xl border border-border bg-card shadow-card">
        <div
          className="flex items-center gap-1.5 border-b border-border bg-muted px-4 py-3"
          aria-hidden="true"
        >
          <span className="size-3 rounded-full bg-destructive/60" />
          <span className="size-3 rounded-full bg-warning-soft-foreground/50" />
          <span className="size-3 rounded-full bg-success/60" />
        </div>
        <div className="relative grid gap-8 p-6 sm:p-10 md:grid-cols-[1fr_auto] md:items-center">
          <ol className="grid gap-3 sm:grid-cols-2">
            {PREVIEW_STEPS.map((s, i) => (
              <li key={s} className="flex items-center gap-3 rounded-lg border border-border p-3 text-sm">
                <span className="flex size-8 shrink-0 items-center justify-center rounded-full bg-gradient-brand font-semibold text-white">
                  {i + 1}
                </span>
                {s}
              </li>
            ))}
          </ol>
          <div className="flex flex-col items-center gap-3 text-center">
            <Button
              size="xl"
              ref={watchRef}
              onClick={() => {
                setOpened((n) => n + 1);
                setOpen(true);
              }}
              onPointerEnter={() => void loadDemoDialog()}
              onFocus={() => void loadDemoDialog()}
              aria-haspopup="dialog"
            >
              <Play aria-hidden="true" />
              Watch Demo
            </Button>
            <p className="text-sm text-muted-foreground">
              {links.demoVideo ? "2-minute video" : "Guided walkthrough, 4 steps"}
            </p>
          </div>
        </div>
      </div>
      {opened > 0 ? (
        <Suspense fallback={null}>
          {/* keyed by the open count: each opening starts the walkthrough at step 1 */}
          <DemoDialog
            key={opened}
            open={open}
            onOpenChange={setOpen}
            videoUrl={links.demoVideo}
            returnFocusTo={watchRef}
          />
        </Suspense>
      ) : null}
    </Section>
  );
}
