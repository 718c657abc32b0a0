import { Link } from "wouter";
import { LegalPage, type LegalSection } from "@/components/layout";
import { usePageTitle } from "@/lib/use-page-title";

const SECTIONS: readonly LegalSection[] = [
  {
    id: "who",
    title: "Who we are and what this covers",
    body: (
      <p>
        This policy covers the CreatorCoin launchpad: the website, its API and the wallets it manages for you.
        The platform runs on <strong>Solana Devnet</strong> (or an embedded copy of it), a test network:
        tokens created here have no monetary value.
      </p>
    ),
  },
  {
    id: "collect",
    title: "What we collect",
    body: (
      <ul>
        <li>
          <strong>Account details:</strong> username, email address and a password hash (argon2id; we never
          store or see your password itself). If you sign in with a wallet, its public address.
        </li>
        <li>
          <strong>Wallets:</strong> public addresses, and for wallets we create for you, the encrypted secret
          key (see below).
        </li>
        <li>
          <strong>Tokens and activity:</strong> the tokens you launch (name, symbol, description, links, image
          URL), transfers made through the platform, and messages you send to AI agents.
        </li>
        <li>
          <strong>Technical data:</strong> a session cookie, and request logs (IP address, time, path) kept
          for security and rate limiting.
        </li>
      </ul>
    ),
  },
  {
    id: "public",
    title: "What is public by design",
    body: (
      <p>
        Anything written to the blockchain is public and permanent: token metadata, wallet addresses, balances
        and transactions. We cannot delete on-chain data. Do not put personal information in a token's name,
        symbol or description.
      </p>
    ),
  },
  {
    id: "custody",
    title: "Wallets we hold for you",
    body: (
      <>
        <p>
          If you choose <strong>Generate New Wallet</strong>, our server creates the key pair. Its secret is
          encrypted (AES-256-GCM, under a per-wallet key wrapped by a master key), used only to sign
          transactions you ask for while signed in, and never written to logs. We show the secret key once so
          you can keep a backup.
        </p>
        <p>
          External wallets (Phantom, Solflare and similar) stay in your control: we only see their public
          address and the signatures you approve.
        </p>
      </>
    ),
  },
  {
    id: "ai",
    title: "AI features",
    body: (
      <p>
        When you ask the AI to draft a token identity or chat with an agent, the text you enter is processed
        by the AI engine this deployment is configured with: a built-in engine on our server, or a third-party
        provider (such as OpenAI, Google or Anthropic) under its own terms. Do not enter secrets or sensitive
        personal data in prompts.
      </p>
    ),
  },
  {
    id: "cookies",
    title: "Cookies and local storage",
    body: (
      <p>
        We use one essential cookie, an HttpOnly session cookie that keeps you signed in. Your browser also
        keeps a copy of your non-secret profile in local storage. We use no advertising or tracking cookies
        and load no third-party scripts.
      </p>
    ),
  },
  {
    id: "use",
    title: "How we use your data",
    body: (
      <ul>
        <li>To run your account, launch your tokens and sign the transactions you request.</li>
        <li>To secure the service: rate limiting, abuse prevention, investigating incidents.</li>
        <li>To compute the analytics shown to you and your community from on-chain data.</li>
      </ul>
    ),
  },
  {
    id: "sharing",
    title: "Sharing",
    body: (
      <p>
        We do not sell your data. We share it only with the infrastructure needed to run the service (hosting,
        database, the Solana network and, if configured, an AI provider), or when the law requires it.
      </p>
    ),
  },
  {
    id: "rights",
    title: "Retention and your rights",
    body: (
      <p>
        We keep account data while your account exists. You can ask for a copy of your data or for your
        account to be deleted; deletion removes your profile and encrypted keys from our database but cannot
        remove anything already on the blockchain. Back up any wallet secret you need before deleting your
        account.
      </p>
    ),
  },
  {
    id: "changes",
    title: "Changes and contact",
    body: (
      <p>
        We will post changes here and update the date above. Questions: contact the team running this
        deployment. See also our <Link href="/terms">Terms of Service</Link>.
      </p>
    ),
  },
];

export default function Privacy() {
  usePageTitle("Privacy Policy");
  return (
    <LegalPage
      title="Privacy Policy"
      updated="November 2024"
      intro={
        <p>
          Plain language, no surprises: what we collect to run your creator token, and what we never do with
          it.
        </p>
      }
      sections={SECTIONS}
    />
  );
}
