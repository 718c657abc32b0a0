import { Link } from "wouter";
import { LegalPage, type LegalSection } from "@/components/layout";
import { usePageTitle } from "@/lib/use-page-title";

const SECTIONS: readonly LegalSection[] = [
  {
    id: "service",
    title: "The service",
    body: (
      <p>
        CreatorCoin lets you draft a token identity with AI help, launch a token on{" "}
        <strong>Solana Devnet</strong> (a test network, or an embedded copy of it), and offer your community
        token-gated AI agents, rewards and analytics. By creating an account or using the service you agree to
        these terms.
      </p>
    ),
  },
  {
    id: "test-network",
    title: "Test network, no monetary value",
    body: (
      <p>
        Tokens, SOL and NFTs on this platform live on a test network. They have{" "}
        <strong>no monetary value</strong>, cannot be redeemed for money, and the network may be reset by its
        operators. Pricing shown on the landing page describes planned plans and fees; no payment is taken
        today.
      </p>
    ),
  },
  {
    id: "no-advice",
    title: "No financial, legal or tax advice",
    body: (
      <p>
        Nothing on this platform, including AI-generated text, analytics and trust scores, is financial,
        investment, legal or tax advice. Creator tokens are not investments and we make no promise about their
        value. If you plan to issue tokens for real value on a main network, take professional advice about
        the rules where you live.
      </p>
    ),
  },
  {
    id: "accounts",
    title: "Your account",
    body: (
      <ul>
        <li>
          Keep your password and any wallet secret safe; you are responsible for activity under your account.
        </li>
        <li>You must be old enough to form a binding contract where you live.</li>
        <li>One person may hold several accounts, but not to evade a suspension or abuse limits.</li>
      </ul>
    ),
  },
  {
    id: "wallets",
    title: "Wallets and custody",
    body: (
      <p>
        Wallets we generate for you are held encrypted on our servers and signed with only on your
        authenticated request. We show the secret key once: if you lose it and your account, we may not be
        able to recover the wallet. Transactions on the blockchain are final; we cannot reverse them. External
        wallets remain entirely in your control.
      </p>
    ),
  },
  {
    id: "content",
    title: "Your content and AI output",
    body: (
      <ul>
        <li>
          You own the content you provide. You give us the licence needed to host and show it to run the
          service.
        </li>
        <li>
          AI drafts (names, symbols, descriptions, agent replies) can be wrong, unoriginal or resemble someone
          else's marks. Review them before you launch; you are responsible for what you publish.
        </li>
        <li>Token metadata written on-chain is public and permanent.</li>
      </ul>
    ),
  },
  {
    id: "acceptable-use",
    title: "Acceptable use",
    body: (
      <ul>
        <li>No impersonation of other creators or brands, and no misleading claims about a token.</li>
        <li>No fraud, scams, market manipulation or promises of profit to holders.</li>
        <li>No illegal, hateful or infringing content, and no attempts to break or overload the service.</li>
      </ul>
    ),
  },
  {
    id: "availability",
    title: "Availability and changes",
    body: (
      <p>
        The service is provided “as is” while it is in development. Features may change or stop, and we may
        suspend accounts that break these terms. We will post material changes to these terms here.
      </p>
    ),
  },
  {
    id: "liability",
    title: "Liability",
    body: (
      <p>
        To the extent the law allows, we are not liable for indirect losses, lost profits, or losses caused by
        the blockchain, third-party wallets or AI providers. Nothing in these terms limits rights you have by
        law that cannot be limited.
      </p>
    ),
  },
  {
    id: "privacy",
    title: "Privacy",
    body: (
      <p>
        How we handle your data is described in our <Link href="/privacy">Privacy Policy</Link>.
      </p>
    ),
  },
];

export default function Terms() {
  usePageTitle("Terms of Service");
  return (
    <LegalPage
      title="Terms of Service"
      updated="November 2024"
      intro={
        <p>
          The rules for using CreatorCoin, written to be read. The short version: it is a test network,
          nothing here is financial advice, and you own what you create.
        </p>
      }
      sections={SECTIONS}
    />
  );
}
