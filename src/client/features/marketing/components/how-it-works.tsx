import { Gift, Rocket, Sparkles, UserRound } from "lucide-react";
import { IconTile, Section } from "./section";

const STEPS = [
  {
    icon: <UserRound />,
    title: "Create Profile",
    body: "Sign up with email or a wallet, and tell us about you and your goals in a few words.",
  },
  {
    icon: <Sparkles />,
    title: "AI Generation",
    body: "The AI drafts your token's name, symbol, description, tagline and supply. Edit anything.",
  },
  {
    icon: <Rocket />,
    title: "Launch",
    body: "One click mints a Token-2022 token with on-chain metadata and a fixed supply.",
  },
  {
    icon: <Gift />,
    title: "Unlock Rewards",
    body: "Share your token: holders unlock your AI agents, NFT rewards and community perks.",
  },
] as const;

export function HowItWorks() {
  return (
    <Section
      id="how-it-works"
      eyebrow="How It Works"
      title="From idea to token in four steps"
      description="No wallets to set up, no contracts to write. We handle the blockchain; you handle the community."
    >
      <ol className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
        {STEPS.map((s, i) => (
          <li key={s.title} className="relative rounded-xl border border-border bg-card p-6 shadow-card">
            <span
              className="absolute top-5 right-5 text-4xl font-black text-muted-foreground/25"
              aria-hidden="true"
            >
              {i + 1}
            </span>
            <IconTile>{s.icon}</IconTile>
            <h3 className="mt-4 text-lg font-semibold">
              <span className="sr-only">Step {i + 1}: </span>
              {s.title}
            </h3>
            <p className="mt-2 text-sm text-muted-foreground">{s.body}</p>
          </li>
        ))}
      </ol>
    </Section>
  );
}
