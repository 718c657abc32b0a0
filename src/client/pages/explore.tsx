import { PageShell } from "@/components/layout";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { ExploreResults, ExploreSearch, useExploreParams } from "@/features/explore";
import { usePageTitle } from "@/lib/use-page-title";

const SORTS = [
  { value: "new", label: "New" },
  { value: "trending", label: "Trending" },
  { value: "holders", label: "Holders" },
  { value: "marketCap", label: "Market cap" },
  { value: "trust", label: "Trust" },
] as const;

/** /explore: every launched creator token, sorted and searched; the view lives in the URL. */
export default function ExplorePage() {
  usePageTitle("Explore");
  const { sort, q, set } = useExploreParams();
  return (
    <PageShell className="px-4 py-8 sm:py-12">
      <div className="mx-auto flex max-w-page flex-col gap-6 sm:px-2 lg:px-4">
        <header>
          <h1 className="text-3xl font-bold tracking-tight">Explore creators</h1>
          <p className="mt-2 max-w-2xl text-muted-foreground">
            Every creator token launched here: find the newest, the most traded in the last 24 hours, the most
            held, the largest by market cap, or the safest by trust score.
          </p>
        </header>
        <Tabs
          value={sort}
          onValueChange={(value) => set({ sort: SORTS.find((s) => s.value === value)?.value ?? "new" })}
        >
          <div className="flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between">
            <TabsList aria-label="Sort tokens by" className="flex-wrap">
              {SORTS.map((s) => (
                <TabsTrigger key={s.value} value={s.value}>
                  {s.label}
                </TabsTrigger>
              ))}
            </TabsList>
            <ExploreSearch value={q} onSearch={(text) => set({ q: text })} />
          </div>
          <TabsContent value={sort}>
            <ExploreResults sort={sort} q={q} onReset={() => set({ q: "" })} />
          </TabsContent>
        </Tabs>
      </div>
    </PageShell>
  );
}
