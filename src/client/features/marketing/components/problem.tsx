import { Section } from "./section";

const POINTS = [
  {
    figure: "30%",
    label: "platform cut",
    detail: "Platforms keep 30-50% of what creators earn, and set the rules.",
  },
  {
    figure: "0%",
    label: "audience ownership",
    detail: "Your followers belong to the platform. You cannot take them with you.",
  },
  {
    figure: "1 day",
    label: "to lose everything",
    detail: "One ban or algorithm change and years of work disappear overnight.",
  },
] as const;

export function Problem() {
  return (
    <Section
      id="problem"
      eyebrow="The problem"
      title="Creators build the value. Platforms keep it."
      description="Today's creator economy rents you an audience you never own. (Industry figures from the big platforms, not data from this one.)"
      className="bg-surface"
    >
      <ul className="grid gap-6 md:grid-cols-3">
        {POINTS.map((p) => (
          <li key={p.label} className="rounded-xl border border-border bg-card p-8 text-center shadow-card">
            <p className="text-5xl font-black tracking-tight text-gradient-brand">{p.figure}</p>
            <h3 className="mt-3 text-lg font-semibold capitalize">{p.label}</h3>
            <p className="mt-2 text-sm text-muted-foreground">{p.detail}</p>
          </li>
        ))}
      </ul>
    </Section>
  );
}
