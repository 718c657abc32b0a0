import { Brain, FileCode2, Gift, KeyRound, Terminal, Wrench } from "lucide-react";
import type { ReactNode } from "react";
import { ExternalLink } from "@/components/layout";
import { buttonClass } from "@/components/ui/button";
import { CodeBlock } from "./code-block";

export const API_KEY_URL = "https://aistudio.google.com/app/apikey";
export const INSTALL_COMMAND = "npm install -g @google/gemini-cli";

function Step({ n, title, children }: { n: number; title: string; children: ReactNode }) {
  return (
    <li className="grid grid-cols-[auto_1fr] gap-4">
      <span
        aria-hidden="true"
        className="flex size-8 items-center justify-center rounded-full bg-gradient-brand text-sm font-semibold text-white"
      >
        {n}
      </span>
      <div className="min-w-0">
        <h3 className="font-semibold">
          <span className="sr-only">Step {n}: </span>
          {title}
        </h3>
        <div className="mt-2 grid gap-3 text-sm text-muted-foreground">{children}</div>
      </div>
    </li>
  );
}

export function GetApiKeyLink({ size = "default" }: { size?: "default" | "lg" }) {
  return (
    <ExternalLink href={API_KEY_URL} className={buttonClass({ variant: "primary", size })}>
      <KeyRound aria-hidden="true" />
      Get API Key
    </ExternalLink>
  );
}

const HIGHLIGHTS = [
  {
    icon: <Brain />,
    title: "1M token context",
    body: "Load whole codebases, docs and logs into one conversation.",
  },
  {
    icon: <Gift />,
    title: "Free tier",
    body: "Start free with a Google AI Studio API key; upgrade only if you need more.",
  },
  {
    icon: <Wrench />,
    title: "Built-in tools",
    body: "Reads and edits files, runs shell commands and searches the web, with your approval.",
  },
  {
    icon: <FileCode2 />,
    title: "Project aware",
    body: "Reference files and folders with @ and it answers about your actual code.",
  },
] as const;

export function OverviewTab() {
  return (
    <div className="grid gap-8">
      <p className="max-w-3xl text-muted-foreground">
        Gemini CLI is Google's open-source AI assistant for the terminal. It reads your project, answers
        questions about it, writes and refactors code, and runs commands, all from the directory you are
        working in. We use it to build CreatorCoin; here is how to set it up in five minutes.
      </p>
      <ul className="grid gap-4 sm:grid-cols-2">
        {HIGHLIGHTS.map((h) => (
          <li key={h.title} className="flex gap-4 rounded-xl border border-border bg-card p-5">
            <span
              aria-hidden="true"
              className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-secondary text-secondary-foreground [&_svg]:size-5"
            >
              {h.icon}
            </span>
            <span>
              <span className="block font-semibold">{h.title}</span>
              <span className="mt-1 block text-sm text-muted-foreground">{h.body}</span>
            </span>
          </li>
        ))}
      </ul>
      <div className="rounded-xl border border-border bg-surface p-5 text-sm">
        <h3 className="flex items-center gap-2 font-semibold">
          <Terminal aria-hidden="true" className="size-4" />
          What you need
        </h3>
        <ul className="mt-2 list-disc space-y-1 pl-5 text-muted-foreground">
          <li>Node.js 20 or newer, with npm</li>
          <li>A terminal (macOS, Linux, or Windows with WSL or PowerShell)</li>
          <li>A free Gemini API key from Google AI Studio</li>
        </ul>
      </div>
    </div>
  );
}

export function InstallationTab() {
  return (
    <ol className="grid gap-8">
      <Step n={1} title="Check Node.js and npm">
        <p>Gemini CLI needs Node.js 20 or newer. Check what you have:</p>
        <CodeBlock code="node -v" />
        <CodeBlock code="npm -v" />
      </Step>
      <Step n={2} title="Install Gemini CLI globally">
        <CodeBlock code={INSTALL_COMMAND} />
      </Step>
      <Step n={3} title="Verify the installation">
        <p>This prints the installed version:</p>
        <CodeBlock code="gemini --version" />
      </Step>
    </ol>
  );
}

const KEY_EXPORT = 'export GEMINI_API_KEY="YOUR_API_KEY"';

export function SetupTab() {
  return (
    <ol className="grid gap-8">
      <Step n={1} title="Get an API key">
        <p>Create a key in Google AI Studio (free). It opens in a new tab.</p>
        <div>
          <GetApiKeyLink />
        </div>
      </Step>
      <Step n={2} title="Set it as an environment variable">
        <p>For this terminal session only (temporary):</p>
        <CodeBlock code={KEY_EXPORT} />
        <p>Permanently, for zsh (macOS default):</p>
        <CodeBlock code={`echo '${KEY_EXPORT}' >> ~/.zshrc && source ~/.zshrc`} caption="~/.zshrc" />
        <p>Permanently, for bash:</p>
        <CodeBlock code={`echo '${KEY_EXPORT}' >> ~/.bashrc && source ~/.bashrc`} caption="~/.bashrc" />
        <p>Replace YOUR_API_KEY with your key. Never commit it to a repository.</p>
      </Step>
      <Step n={3} title="First run">
        <CodeBlock code="gemini" />
        <ul className="list-disc space-y-1 pl-5">
          <li>Choose a colour theme with the arrow keys and press Enter.</li>
          <li>Confirm the authentication method: choose “Use Gemini API key”. It picks up GEMINI_API_KEY.</li>
        </ul>
      </Step>
    </ol>
  );
}

const PROMPTS = [
  "Explain the architecture of this project using @src/",
  "@package.json What scripts can I run, and what does each do?",
  "Add input validation to @src/server/routes.ts and write tests for it",
  "Find where tokens are created in @src/ and summarise the flow",
] as const;

export function UsageTab() {
  return (
    <ol className="grid gap-8">
      <Step n={1} title="Open your project">
        <CodeBlock code="cd path/to/your-project" />
      </Step>
      <Step n={2} title="Launch the CLI">
        <CodeBlock code="gemini" />
      </Step>
      <Step n={3} title="Ask about your files">
        <p>Type a prompt. Reference files and folders with @ so Gemini reads them:</p>
        {PROMPTS.map((p) => (
          <CodeBlock key={p} code={p} prompt=">" />
        ))}
      </Step>
    </ol>
  );
}
