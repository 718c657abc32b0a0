import { ArrowRight, Handshake, KeyRound, Scale, Sprout } from "lucide-react";
import { Link } from "wouter";
import { BackHomeLink, PageShell } from "@/components/layout";
import { Button } from "@/components/ui/button";
import { useCtaHref } from "@/features/marketing";
import { usePageTitle } from "@/lib/use-page-title";

const PRINCIPLES = [
  {
    icon: <KeyRound />,
    title: "Ownership, not rent",
    body: "Creators should own the relationship with the people who support them. A token puts that relationship on an open ledger that no platform can confiscate, throttle or tax at 30%.",
  },
  {
    icon: <Handshake />,
    title: "Fans as members",
    body: "Supporters who show up early should have a say in what they help build. Holding a creator's token is a membership in their community, with access, rewards and a voice attached.",
  },
  {
    icon: <Scale />,
    title: "Trust you can verify",
    body: "Fixed supply, revoked mint authority and public holder data are not promises; they are facts anyone can check. Our analytics turn them into a score fans understand.",
  },
  {
    icon: <Sprout />,
    title: "Utility before speculation",
    body: "A creator token is worth what it unlocks: AI agents in the creator's voice, rewards for loyalty, early access. We build for communities that last, not for the next pump.",
  },
] as const;

/** The vision: why creators and fans should own their economy together. */
export default function Vision() {
  usePageTitle("Our vision");
  const ctaHref = useCtaHref();
  return (
    <PageShell>
      <article>
        <header className="relative overflow-hidden border-b border-border bg-surface">
          <div className="mx-auto max-w-4xl px-4 py-16 sm:px-6 sm:py-24">
            <BackHomeLink />
            <p className="mt-8 text-sm font-semibold tracking-wide text-link uppercase">Our vision</p>
            <h1 className="mt-3 text-display font-extrabold">
              The creator economy should belong to{" "}
              <span className="text-gradient-brand">creators and their fans</span>
            </h1>
            <p className="mt-6 max-w-2xl text-lg text-muted-foreground sm:text-xl">
              For twenty years, platforms have owned the audience, the data and the rules, and kept 30-50% of
              what creators earn. We think the people who make the value, and the people who believe in them
              early, should own it together.
            </p>
          </div>
        </header>

        <section aria-labelledby="shift-title" className="mx-auto max-w-4xl px-4 py-16 sm:px-6">
          <h2 id="shift-title" className="text-title font-bold">
            The shift
          </h2>
          <div className="mt-6 grid gap-6 text-muted-foreground sm:text-lg">
            <p>
              Today a creator with 100,000 followers can lose them in a day: a ban, a policy change, an
              algorithm that decides their work is no longer worth showing. Their followers never belonged to
              them.
            </p>
            <p>
              A personal token changes the shape of that relationship. Supporters hold something that is
              theirs, in their own wallet, portable between apps. The creator can reach them, reward them and
              build with them without asking permission.
            </p>
            <p>
              And because everything is on a public ledger, trust stops being a matter of marketing: anyone
              can see the supply is fixed, who holds what, and whether the creator keeps their word.
            </p>
          </div>
        </section>

        <section aria-labelledby="principles-title" className="border-y border-border bg-surface">
          <div className="mx-auto max-w-page px-4 py-16 sm:px-6 lg:px-8">
            <h2 id="principles-title" className="text-center text-title font-bold">
              What we believe
            </h2>
            <ul className="mt-10 grid gap-6 md:grid-cols-2">
              {PRINCIPLES.map((p) => (
                <li key={p.title} className="rounded-xl border border-border bg-card p-6 shadow-card">
                  <div
                    aria-hidden="true"
                    className="flex size-11 items-center justify-center rounded-lg bg-gradient-brand text-white [&_svg]:size-5"
                  >
                    {p.icon}
                  </div>
                  <h3 className="mt-4 text-lg font-semibold">{p.title}</h3>
                  <p className="mt-2 text-muted-foreground">{p.body}</p>
                </li>
              ))}
            </ul>
          </div>
        </section>

        <section aria-labelledby="road-title" className="mx-auto max-w-4xl px-4 py-16 sm:px-6">
          <h2 id="road-title" className="text-title font-bold">
            Where we are going
          </h2>
          <ol className="mt-8 grid gap-6 border-l-2 border-border pl-6">
            <li>
              <h3 className="font-semibold">Today: launch and learn on a test network</h3>
              <p className="mt-1 text-muted-foreground">
                AI-drafted identities, one-click Token-2022 launches, token-gated agents, rewards and trust
                analytics, on a test network where mistakes cost nothing.
              </p>
            </li>
            <li>
              <h3 className="font-semibold">Next: the first 10,000 creators</h3>
              <p className="mt-1 text-muted-foreground">
                Richer rewards, creator-to-creator collaborations, and an API so communities can build their
                own tools.
              </p>
            </li>
            <li>
              <h3 className="font-semibold">Then: an economy owned by its members</h3>
              <p className="mt-1 text-muted-foreground">
                Creators and fans deciding together what gets built, and sharing in its success.
              </p>
            </li>
          </ol>
        </section>

        <section aria-labelledby="vision-cta-title" className="px-4 pb-20 sm:px-6">
          <div className="mx-auto max-w-4xl rounded-2xl bg-gradient-brand px-6 py-12 text-center text-white shadow-glow">
            <h2 id="vision-cta-title" className="text-title font-bold">
              Build it with us
            </h2>
            <p className="mx-auto mt-3 max-w-xl text-white/90">
              Your audience, your token, your rules. It takes under five minutes.
            </p>
            <Button
              asChild
              size="xl"
              className="mt-8 h-auto min-h-12 whitespace-normal bg-white bg-none py-3 text-primary shadow-none hover:bg-white/90"
            >
              <Link href={ctaHref}>
                Start Your Economy Today
                <ArrowRight aria-hidden="true" />
              </Link>
            </Button>
          </div>
        </section>
      </article>
    </PageShell>
  );
}
