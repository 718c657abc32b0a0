import { Crown, HeartHandshake, Zap } from "lucide-react";
import { IconTile, Section } from "./section";

const CARDS = [
  {
    icon: <Zap />,
    title: "Launch in under 5 minutes",
    body: "Describe yourself in a sentence. The AI drafts name, symbol, story and supply; you review and launch. No coding, no crypto jargon.",
  },
  {
    icon: <Crown />,
    title: "You own the relationship",
    body: "Your holders are yours: on-chain, portable, and reachable without an algorithm in between. No 30% cut on your community.",
  },
  {
    icon: <HeartHandshake />,
    title: "Fans get real utility",
    body: "Holding your token unlocks AI agents in your voice, NFT rewards for loyalty, and a say in what you build next.",
  },
] as const;

export function Why() {
  return (
    <Section
      id="why"
      eyebrow="Why creators choose us"
      title="A token that works for you and your fans"
      className="bg-surface"
    >
      <ul className="grid gap-6 md:grid-cols-3">
        {CARDS.map((c) => (
          <li key={c.title} className="rounded-xl border border-border bg-card p-6 shadow-card">
            <IconTile className="bg-gradient-brand text-white">{c.icon}</IconTile>
            <h3 className="mt-4 text-lg font-semibold">{c.title}</h3>
            <p className="mt-2 text-sm text-muted-foreground">{c.body}</p>
          </li>
        ))}
      </ul>
    </Section>
  );
}
