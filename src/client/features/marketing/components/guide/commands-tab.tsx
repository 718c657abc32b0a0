import { CodeBlock } from "./code-block";

const GROUPS = [
  {
    title: "Load files into context (@)",
    items: [
      { code: "@path/to/file.ts", desc: "Include one file in your prompt." },
      { code: "@src/", desc: "Include a whole directory (files ignored by git are skipped)." },
    ],
  },
  {
    title: "Built-in commands (/)",
    items: [
      { code: "/help", desc: "Show help and every available command." },
      { code: "/clear", desc: "Clear the screen and start a fresh conversation view." },
      { code: "/stats", desc: "Show session statistics: token usage and duration." },
      { code: "/editor", desc: "Choose the external editor used for diffs and edits." },
      { code: "/compress", desc: "Replace the conversation with a summary to save tokens." },
      { code: "/quit", desc: "Exit Gemini CLI." },
    ],
  },
  {
    title: "Shell commands (!)",
    items: [
      {
        code: "!git status",
        desc: "Run a shell command without leaving Gemini; ! alone toggles shell mode.",
      },
    ],
  },
] as const;

export function CommandsTab() {
  return (
    <div className="grid gap-10">
      {GROUPS.map((g) => (
        <div key={g.title}>
          <h3 className="font-semibold">{g.title}</h3>
          <dl className="mt-4 grid gap-4 md:grid-cols-2">
            {g.items.map((c) => (
              <div key={c.code} className="grid gap-2">
                <dt>
                  <CodeBlock code={c.code} prompt="" />
                </dt>
                <dd className="text-sm text-muted-foreground">{c.desc}</dd>
              </div>
            ))}
          </dl>
        </div>
      ))}
    </div>
  );
}
