import type { ReactNode } from "react";
import { BackHomeLink } from "./back-home-link";
import { PageShell } from "./page-shell";

export interface LegalSection {
  id: string;
  title: string;
  body: ReactNode;
}

/** Privacy Policy and Terms of Service share this layout: title, date, a table of
 * contents, and readable prose. */
export function LegalPage({
  title,
  updated,
  intro,
  sections,
}: {
  title: string;
  updated: string;
  intro: ReactNode;
  sections: readonly LegalSection[];
}) {
  return (
    <PageShell>
      <article className="mx-auto max-w-3xl px-4 py-12 sm:px-6 sm:py-16">
        <BackHomeLink />
        <h1 className="mt-6 text-title font-bold">{title}</h1>
        <p className="mt-2 text-sm text-muted-foreground">Last updated: {updated}</p>
        <div className="mt-6 text-lg text-muted-foreground">{intro}</div>
        <nav aria-label="On this page" className="mt-8 rounded-xl border border-border bg-surface p-5">
          <h2 className="text-sm font-semibold">On this page</h2>
          <ol className="mt-3 grid list-decimal gap-1.5 pl-5 text-sm sm:grid-cols-2">
            {sections.map((s) => (
              <li key={s.id}>
                <a href={`#${s.id}`} className="rounded-sm text-link hover:underline">
                  {s.title}
                </a>
              </li>
            ))}
          </ol>
        </nav>
        {sections.map((s, i) => (
          <section key={s.id} id={s.id} aria-labelledby={`${s.id}-h`} className="mt-10 scroll-mt-24">
            <h2 id={`${s.id}-h`} className="text-xl font-semibold">
              {i + 1}. {s.title}
            </h2>
            <div className="mt-3 grid gap-3 leading-relaxed text-muted-foreground [&_a]:text-link [&_a]:underline [&_strong]:text-foreground [&_ul]:list-disc [&_ul]:space-y-1.5 [&_ul]:pl-5">
              {s.body}
            </div>
          </section>
        ))}
      </article>
    </PageShell>
  );
}
