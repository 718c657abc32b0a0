import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { usePosts } from "../api/posts";

/** The creator's updates on the token page: holders and the creator read them. */
export function TokenPosts({ mint, symbol }: { mint: string; symbol: string }) {
  const posts = usePosts(mint);
  if (posts.isPending) return <Skeleton className="h-24 rounded-xl" aria-busy="true" />;
  if (posts.isError)
    return <p className="text-sm text-muted-foreground">Could not load the creator's updates.</p>;
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Updates from the creator</CardTitle>
      </CardHeader>
      <CardContent>
        {!posts.data.visible ? (
          <p className="text-sm text-muted-foreground">
            Updates are for {symbol} holders: hold some to read them.
          </p>
        ) : posts.data.posts.length === 0 ? (
          <p className="text-sm text-muted-foreground">No updates yet.</p>
        ) : (
          <ul className="flex flex-col gap-3">
            {posts.data.posts.map((p) => (
              <li key={p.id} className="rounded-lg border border-border p-3" data-testid="token-post">
                <p className="whitespace-pre-line">{p.body}</p>
                <p className="mt-1 text-xs text-muted-foreground">
                  {p.author ?? "The creator"} ·{" "}
                  <time dateTime={p.createdAt}>{new Date(p.createdAt).toLocaleString()}</time>
                </p>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
