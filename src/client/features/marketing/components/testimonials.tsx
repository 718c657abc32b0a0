import { Quote } from "lucide-react";
import { Section } from "./section";

// Marketing copy (spec section 3: testimonial samples), labelled on the page as illustrative.
const TESTIMONIALS = [
  {
    name: "Maya Chen",
    title: "Digital artist",
    token: "$MAYA",
    followers: "12.4K",
    earnings: "$24,000",
    time: "in 3 months",
    quote:
      "My collectors finally feel part of my work. The AI drafted my token in a minute, and the rewards keep them coming back.",
    result: "Collectors became co-owners",
  },
  {
    name: "Jordan Rivers",
    title: "Indie musician",
    token: "$JRIV",
    followers: "8.2K",
    earnings: "$18,500",
    time: "in 2 months",
    quote:
      "Holders get early demos from my AI agent and vote on the next single. It feels like a fan club that pays for the album.",
    result: "Album funded by fans",
  },
  {
    name: "Priya Patel",
    title: "Business coach",
    token: "$COACH",
    followers: "15.7K",
    earnings: "$31,200",
    time: "in 4 months",
    quote:
      "The token-gated coaching agent answers my community around the clock, in my style. My calendar is mine again.",
    result: "Coaching that scales",
  },
] as const;

export function Testimonials() {
  return (
    <Section
      id="testimonials"
      eyebrow="Creator stories"
      title="What a creator economy can look like"
      description="Illustrative stories: composite examples written for this page, not live platform data."
    >
      <ul className="grid gap-6 lg:grid-cols-3">
        {TESTIMONIALS.map((t) => (
          <li key={t.name}>
            <figure className="flex h-full flex-col rounded-xl border border-border bg-card p-6 shadow-card">
              <Quote aria-hidden="true" className="size-6 text-link" />
              <blockquote className="mt-4 flex-1 text-base leading-relaxed">“{t.quote}”</blockquote>
              <dl className="mt-6 grid grid-cols-3 gap-2 rounded-lg bg-muted p-3 text-center text-sm">
                <div>
                  <dt className="text-xs text-muted-foreground">Followers</dt>
                  <dd className="font-semibold">{t.followers}</dd>
                </div>
                <div>
                  <dt className="text-xs text-muted-foreground">Earned</dt>
                  <dd className="font-semibold">{t.earnings}</dd>
                </div>
                <div>
                  <dt className="text-xs text-muted-foreground">Time</dt>
                  <dd className="font-semibold">{t.time}</dd>
                </div>
              </dl>
              <figcaption className="mt-5 flex items-center gap-3">
                <span
                  aria-hidden="true"
                  className="flex size-10 items-center justify-center rounded-full bg-gradient-brand font-bold text-white"
                >
                  {t.name.charAt(0)}
                </span>
                <span className="text-sm">
                  <span className="block font-semibold">
                    {t.name} · <span className="text-link">{t.token}</span>
                  </span>
                  <span className="block text-muted-foreground">
                    {t.title} · {t.result}
                  </span>
                </span>
              </figcaption>
            </figure>
          </li>
        ))}
      </ul>
    </Section>
  );
}
