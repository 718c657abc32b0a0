import { BadgeCheck, Bot, ChartLine, Coins, Gem, LogIn, MousePointerClick, Sparkles } from "lucide-react";
import { useNetwork } from "@/lib/network";
import { IconTile, Section } from "./section";

const FEATURES = [
  {
    icon: <Sparkles />,
    title: "AI-generated identity",
    body: "Profile, tokenomics and trust settings drafted from a few sentences about you.",
  },
  {
    icon: <Bot />,
    title: "Token-gated AI agents",
    body: "Assistants in your style that only your holders can talk to.",
  },
  {
    icon: <Gem />,
    title: "NFT rewards",
    body: "Reward your most loyal fans automatically for holding and engaging.",
  },
  {
    icon: <ChartLine />,
    title: "Live trust analytics",
    body: "Holders, concentration and authorities, computed from chain data and explained.",
  },
  {
    icon: <LogIn />,
    title: "Email or wallet login",
    body: "Fans sign in the way they like: email and password, or Phantom, Solflare and friends.",
  },
  {
    icon: <MousePointerClick />,
    title: "1-click minting",
    body: "A real Token-2022 mint with on-chain metadata, launched in one transaction.",
  },
  {
    icon: <BadgeCheck />,
    title: "Reputation system",
    body: "Fixed supply and revoked authorities build a trust score your fans can verify.",
  },
  {
    icon: <Coins />,
    title: "Zero gas fees to start",
    body: "Launch on {network} with free test SOL while you find your community.",
  },
] as const;

export function Features() {
  const network = useNetwork();
  return (
    <Section
      id="features"
      eyebrow="Features"
      title="Everything your creator economy needs"
      description="One place to launch, grow and reward the people who believe in you."
      className="bg-surface"
    >
      <ul className="grid gap-5 sm:grid-cols-2 lg:grid-cols-4">
        {FEATURES.map((f) => (
          <li
            key={f.title}
            className="rounded-xl border border-border bg-card p-6 transition-shadow hover:shadow-card"
          >
            <IconTile>{f.icon}</IconTile>
            <h3 className="mt-4 font-semibold">{f.title}</h3>
            <p className="mt-2 text-sm text-muted-foreground">{f.body.replace("{network}", network.label)}</p>
          </li>
        ))}
      </ul>
    </Section>
  );
}
