import { TrendingUp, Users } from "lucide-react";

/** Decorative coin with sample badges. Hidden from assistive tech, and the badges say
 * "sample" so nobody reads them as live figures. */
export function HeroCoin() {
  return (
    <div
      aria-hidden="true"
      className="relative mx-auto flex aspect-square w-full max-w-[22rem] items-center justify-center sm:max-w-md"
    >
      <div className="absolute inset-6 rounded-full bg-gradient-brand opacity-25 blur-3xl" />
      <div className="relative flex size-[72%] animate-float items-center justify-center rounded-full bg-gradient-brand shadow-glow ring-8 ring-white/20">
        <div className="flex size-[78%] flex-col items-center justify-center rounded-full border-2 border-white/40 text-white">
          <span className="text-sm font-medium tracking-[0.3em] opacity-80">CREATOR</span>
          <span className="text-5xl font-black tracking-tight sm:text-6xl">$YOU</span>
          <span className="mt-1 text-xs opacity-80">Token-2022 · Solana</span>
        </div>
      </div>
      <div className="absolute top-[8%] left-0 flex items-center gap-2 rounded-xl border border-border bg-card px-3 py-2 text-sm shadow-card sm:left-[-4%]">
        <span className="flex size-8 items-center justify-center rounded-full bg-secondary text-secondary-foreground">
          <Users className="size-4" />
        </span>
        <span>
          <span className="block font-semibold">2,847 holders</span>
          <span className="block text-xs text-muted-foreground">sample</span>
        </span>
      </div>
      <div className="absolute right-0 bottom-[10%] flex items-center gap-2 rounded-xl border border-border bg-card px-3 py-2 text-sm shadow-card sm:right-[-4%]">
        <span className="flex size-8 items-center justify-center rounded-full bg-success-soft text-success-soft-foreground">
          <TrendingUp className="size-4" />
        </span>
        <span>
          <span className="block font-semibold">+127% growth</span>
          <span className="block text-xs text-muted-foreground">sample</span>
        </span>
      </div>
    </div>
  );
}
