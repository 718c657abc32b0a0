import { Bot, Brain, Gift, Terminal } from "lucide-react";
import { BackHomeLink, PageShell } from "@/components/layout";
import { Badge } from "@/components/ui/badge";
import { CopyButton } from "@/components/ui/copy-button";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { CommandsTab } from "@/features/marketing/components/guide/commands-tab";
import {
  GetApiKeyLink,
  INSTALL_COMMAND,
  InstallationTab,
  OverviewTab,
  SetupTab,
  UsageTab,
} from "@/features/marketing/components/guide/guide-content";
import { usePageTitle } from "@/lib/use-page-title";

const TABS = [
  { value: "overview", label: "Overview", Content: OverviewTab },
  { value: "installation", label: "Installation", Content: InstallationTab },
  { value: "setup", label: "Setup", Content: SetupTab },
  { value: "usage", label: "Usage", Content: UsageTab },
  { value: "commands", label: "Commands", Content: CommandsTab },
] as const;

/** Developer guide: installing and using Gemini CLI (documentation, spec section 2). */
export default function GeminiCliGuide() {
  usePageTitle("Gemini CLI guide");
  return (
    <PageShell>
      <div className="border-b border-border bg-surface">
        <div className="mx-auto max-w-5xl px-4 py-12 sm:px-6 sm:py-16">
          <BackHomeLink />
          <div className="mt-8 flex items-center gap-3">
            <span
              aria-hidden="true"
              className="flex size-12 items-center justify-center rounded-xl bg-gradient-brand text-white"
            >
              <Terminal className="size-6" />
            </span>
            <h1 className="text-title font-bold">Gemini CLI Guide</h1>
          </div>
          <p className="mt-4 max-w-2xl text-lg text-muted-foreground">
            Put Google's Gemini in your terminal: install it, connect a free API key, and start asking
            questions about your code.
          </p>
          <ul className="mt-6 flex flex-wrap gap-2" aria-label="Highlights">
            <li>
              <Badge variant="brand">
                <Bot aria-hidden="true" />
                AI-Powered
              </Badge>
            </li>
            <li>
              <Badge variant="secondary">
                <Brain aria-hidden="true" />
                1M Token Context
              </Badge>
            </li>
            <li>
              <Badge variant="success">
                <Gift aria-hidden="true" />
                Free Tier Available
              </Badge>
            </li>
          </ul>
        </div>
      </div>

      <div className="mx-auto max-w-5xl px-4 py-10 sm:px-6 sm:py-14">
        <Tabs defaultValue="overview">
          <TabsList aria-label="Guide sections" className="w-full flex-wrap justify-start sm:w-auto">
            {TABS.map((t) => (
              <TabsTrigger key={t.value} value={t.value}>
                {t.label}
              </TabsTrigger>
            ))}
          </TabsList>
          {TABS.map(({ value, label, Content }) => (
            <TabsContent key={value} value={value}>
              <h2 className="sr-only">{label}</h2>
              <Content />
            </TabsContent>
          ))}
        </Tabs>
      </div>

      <section aria-labelledby="guide-cta-title" className="px-4 pb-20 sm:px-6">
        <div className="mx-auto max-w-5xl rounded-2xl border border-border bg-card p-8 text-center shadow-card sm:p-12">
          <h2 id="guide-cta-title" className="text-2xl font-bold sm:text-3xl">
            Ready to code with AI?
          </h2>
          <p className="mx-auto mt-3 max-w-xl text-muted-foreground">
            Get your free API key, install the CLI, and run{" "}
            <code className="rounded bg-muted px-1.5 py-0.5 font-mono text-sm">gemini</code> in your project.
          </p>
          <div className="mt-8 flex flex-col items-center justify-center gap-3 sm:flex-row">
            <GetApiKeyLink size="lg" />
            <CopyButton
              value={INSTALL_COMMAND}
              variant="outline"
              size="lg"
              copiedText="Copied!"
              successTitle="Copied!"
              successDescription="Command copied to clipboard"
              failureTitle="Copy failed"
              failureDescription="Please copy the command manually"
            >
              Copy Install Command
            </CopyButton>
          </div>
        </div>
      </section>
    </PageShell>
  );
}
