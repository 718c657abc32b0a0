import { ArrowLeft, ArrowRight, CircleCheck, Rocket, Sparkles, Wallet } from "lucide-react";
import { type RefObject, useState } from "react";
import { Link } from "wouter";
import { Button } from "@/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "@/components/ui/dialog";
import { Progress } from "@/components/ui/progress";
import { useNetwork } from "@/lib/network";
import { useCtaHref } from "../hooks/use-cta-href";
import { DemoVideo } from "./demo-video";

const STEPS = [
  {
    icon: <Sparkles />,
    title: "1. AI Identity",
    body: "Tell the AI about yourself: “I teach watercolour to 8,000 followers and want a community that funds new courses.” Pick your profession and style, then Generate.",
    sample: "Name: Watercolor Wonders · Symbol: $WAVE · “Paint the world, together.”",
  },
  {
    icon: <Wallet />,
    title: "2. Connect Wallet",
    body: "Generate a wallet in one click (we keep it safe for you), or connect Phantom or Solflare. Grab free test SOL for the launch.",
    sample: "Wallet 7xKX…AsU · 2 SOL (test)",
  },
  {
    icon: <Rocket />,
    title: "3. Review & Deploy",
    body: "Check name, symbol, description and supply in the live preview, add an image or website if you like, then Create Token.",
    sample: "1,000,000 $WAVE · Fixed supply · {network}",
  },
  {
    icon: <CircleCheck />,
    title: "4. Success",
    body: "Your token is live with on-chain metadata. Copy the mint address, open its public token page, and share it with your fans.",
    sample: "Mint 9wFF…Yx3 · Live",
  },
] as const;

export default function DemoDialog({
  open,
  onOpenChange,
  videoUrl,
  returnFocusTo,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  videoUrl?: string;
  /** The button that opened the dialog (it is not a Radix Trigger, which is where Radix
   * would send focus back by default). */
  returnFocusTo: RefObject<HTMLElement | null>;
}) {
  const [step, setStep] = useState(0);
  const ctaHref = useCtaHref();
  const network = useNetwork();
  const current = STEPS[step] ?? STEPS[0];
  const last = step === STEPS.length - 1;

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        className="max-w-xl"
        closeLabel="Close demo"
        onCloseAutoFocus={(e) => {
          e.preventDefault();
          returnFocusTo.current?.focus();
        }}
      >
        <DialogHeader>
          <DialogTitle>{videoUrl ? "Product demo" : "Guided walkthrough: launch a token"}</DialogTitle>
          <DialogDescription>
            {videoUrl
              ? "The token wizard from start to finish."
              : "The four steps of the token wizard, with a sample creator."}
          </DialogDescription>
        </DialogHeader>
        {videoUrl ? (
          <DemoVideo url={videoUrl} />
        ) : (
          <div>
            <Progress value={step + 1} max={STEPS.length} label="Walkthrough progress" />
            <div className="mt-6 flex gap-4" aria-live="polite">
              <div
                aria-hidden="true"
                className="flex size-11 shrink-0 items-center justify-center rounded-lg bg-gradient-brand text-white [&_svg]:size-5"
              >
                {current.icon}
              </div>
              <div>
                <h3 className="font-semibold">{current.title}</h3>
                <p className="mt-1 text-sm text-muted-foreground">{current.body}</p>
                <p className="mt-3 rounded-md bg-muted px-3 py-2 font-mono text-xs">
                  <span className="sr-only">Example: </span>
                  {current.sample.replace("{network}", network.label)}
                </p>
              </div>
            </div>
          </div>
        )}
        <DialogFooter className="mt-2">
          {!videoUrl && step > 0 ? (
            <Button variant="outline" onClick={() => setStep((s) => s - 1)}>
              <ArrowLeft aria-hidden="true" />
              Back
            </Button>
          ) : null}
          {!videoUrl && !last ? (
            <Button variant="primary" onClick={() => setStep((s) => s + 1)}>
              Next step
              <ArrowRight aria-hidden="true" />
            </Button>
          ) : (
            <Button asChild>
              <Link href={ctaHref} onClick={() => onOpenChange(false)}>
                <Rocket aria-hidden="true" />
                Start Building Now
              </Link>
            </Button>
          )}
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
