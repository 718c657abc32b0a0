import { counted } from "@shared/amounts";
import type { ExploreToken } from "@shared/schemas/market";
import { Compass, SearchX } from "lucide-react";
import { Link } from "wouter";
import { Button } from "@/components/ui/button";
import { cn } from "@/components/ui/cn";
import { EmptyState } from "@/components/ui/empty-state";
import { errorMessage } from "@/lib/api";
import { type ExploreSort, useExplore } from "../api/get-explore";
import { ExploreCard, ExploreCardSkeleton } from "./explore-card";

const grid = "grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4";

/** The cards of one sort and search: loading, empty, error, and page after page. */
export function ExploreResults(props: { sort: ExploreSort; q: string; onReset: () => void }) {
  const query = useExplore(props.sort, props.q);
  const tokens = query.data?.pages.flatMap((p) => p.tokens) ?? [];
  const announce = query.isPending
    ? "Loading tokens…"
    : query.isError && !query.data
      ? "Could not load tokens"
      : `${counted(tokens.length, "token")}${query.hasNextPage ? " shown, more to load" : ""}${props.q ? ` matching “${props.q}”` : ""}`;
  // One status region, mounted throughout: screen readers hear each new search's result count.
  return (
    <>
      <h2 className="sr-only">Tokens</h2>
      <p className="sr-only" role="status">
        {query.isPlaceholderData ? "" : announce}
      </p>
      <Results query={query} tokens={tokens} {...props} />
    </>
  );
}

function Results({
  query,
  tokens,
  q,
  onReset,
}: {
  query: ReturnType<typeof useExplore>;
  tokens: ExploreToken[];
  q: string;
  onReset: () => void;
}) {
  if (query.isPending) {
    return (
      <div aria-busy="true">
        <div className={grid}>
          {Array.from({ length: 8 }, (_, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
            <ExploreCardSkeleton key={i} />
          ))}
        </div>
      </div>
    );
  }

  if (query.isError && !query.data) {
    return (
      <EmptyState
        headingLevel="h2"
        title="Could not load tokens"
        description={errorMessage(query.error, "Something went wrong. Check your connection and try again.")}
        action={
          <Button variant="outline" onClick={() => void query.refetch()}>
            Try again
          </Button>
        }
      />
    );
  }

  if (!tokens.length) {
    return q ? (
      <EmptyState
        headingLevel="h2"
        icon={<SearchX />}
        title={`No tokens match “${q}”`}
        description="Try another name, symbol or creator, or see every token."
        action={
          <Button variant="outline" onClick={onReset}>
            Reset search
          </Button>
        }
      />
    ) : (
      <EmptyState
        headingLevel="h2"
        icon={<Compass />}
        title="No tokens launched yet"
        description="Be the first creator here."
        action={
          <Button asChild>
            <Link href="/create">Create your token</Link>
          </Button>
        }
      />
    );
  }

  const refreshing = query.isPlaceholderData;
  return (
    <div className="flex flex-col gap-6">
      <ul
        aria-busy={refreshing}
        aria-label="Tokens"
        className={cn(grid, "transition-opacity", refreshing && "opacity-60")}
      >
        {tokens.map((token) => (
          <li key={token.mint} className="flex min-w-0">
            <ExploreCard token={token} />
          </li>
        ))}
      </ul>
      {query.isFetchNextPageError ? (
        <p role="alert" className="text-center text-sm text-destructive">
          {errorMessage(query.error, "Could not load more tokens.")}
        </p>
      ) : null}
      {query.hasNextPage ? (
        <div className="flex justify-center">
          <Button
            variant="outline"
            onClick={() => void query.fetchNextPage()}
            disabled={query.isFetchingNextPage}
          >
            {query.isFetchingNextPage ? "Loading…" : query.isFetchNextPageError ? "Try again" : "Load more"}
          </Button>
        </div>
      ) : null}
    </div>
  );
}
