import { CalendarDays, MessagesSquare } from "lucide-react";
import { ExternalLink } from "@/components/layout";
import { Accordion, AccordionContent, AccordionItem, AccordionTrigger } from "@/components/ui/accordion";
import { Button } from "@/components/ui/button";
import { useNetwork } from "@/lib/network";
import { useSiteInfo } from "@/lib/site-info";
import { Section } from "./section";

/** The answers; the network is named as the ledger names itself (embedded or devnet). */
const questions = (network: string) => [
  {
    q: "Is it legal to launch my own token?",
    a: `Creating a utility token for your community is legal in most places, and this platform runs on ${network}, a test network where tokens have no monetary value. Before you sell tokens for real money, check the rules where you live and take professional advice: nothing here is legal or financial advice.`,
  },
  {
    q: "Do I need a big following to start?",
    a: "No. A token works best with a small, engaged community: a few dozen true fans who hold your token, talk to your AI agent and earn rewards are worth more than thousands of passive followers.",
  },
  {
    q: "How is this different from donations or memberships?",
    a: "Donations are one-way payments, and most memberships live inside one platform. A token is a membership your fans hold themselves: it unlocks agents and rewards, it is portable between apps, and it gives your community a say in what you build next.",
  },
  {
    q: "Is my token a security? What gives it value?",
    a: "No. A creator token is a membership, not a security: it is not a share of your income or your work, and nobody should hold it expecting money from it, so never present it that way. Its worth is the membership you attach to it (access, rewards, a voice in your projects) and the trust you build. Supply is fixed at launch and the mint authority is revoked, so nobody can print more. We make no promise about price.",
  },
  {
    q: "Do I need to know anything about blockchain?",
    a: "No. Sign up with email, and we create a wallet for you and handle every transaction. If you already use Phantom or Solflare, you can connect it instead.",
  },
];

export function Faq() {
  const { links } = useSiteInfo();
  const network = useNetwork();
  return (
    <Section
      id="faq"
      eyebrow="FAQ"
      title="Questions creators ask"
      description="Straight answers about tokens, value and getting started."
    >
      <Accordion
        type="single"
        collapsible
        className="mx-auto max-w-3xl rounded-xl border border-border bg-card px-6"
      >
        {questions(network.label).map((item, i) => (
          <AccordionItem key={item.q} value={`q${i + 1}`}>
            <AccordionTrigger>{item.q}</AccordionTrigger>
            <AccordionContent>{item.a}</AccordionContent>
          </AccordionItem>
        ))}
      </Accordion>
      {links.discord || links.demoCall ? (
        <div className="mt-10 flex flex-col items-center justify-center gap-3 sm:flex-row">
          {links.discord ? (
            <Button asChild size="lg" variant="primary">
              <ExternalLink href={links.discord}>
                <MessagesSquare aria-hidden="true" />
                Join Discord Community
              </ExternalLink>
            </Button>
          ) : null}
          {links.demoCall ? (
            <Button asChild size="lg" variant="outline">
              <ExternalLink href={links.demoCall}>
                <CalendarDays aria-hidden="true" />
                Schedule Demo Call
              </ExternalLink>
            </Button>
          ) : null}
        </div>
      ) : null}
    </Section>
  );
}
