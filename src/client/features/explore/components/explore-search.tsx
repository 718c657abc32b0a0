import { Search, X } from "lucide-react";
import { useEffect, useId, useRef, useState } from "react";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";

const DEBOUNCE_MS = 300;

/** The search box: typing settles for a moment before the search (and the URL) changes. */
export function ExploreSearch({ value, onSearch }: { value: string; onSearch: (q: string) => void }) {
  const id = useId();
  const [text, setText] = useState(value);
  const latest = useRef(onSearch);
  latest.current = onSearch;

  // The URL changed from outside (a link, the reset button): show it.
  useEffect(() => setText(value), [value]);

  useEffect(() => {
    if (text.trim() === value.trim()) return;
    const timer = setTimeout(() => latest.current(text), DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text, value]);

  return (
    <search className="relative block w-full sm:max-w-sm">
      <label htmlFor={id} className="sr-only">
        Search tokens by name, symbol or creator
      </label>
      <Search
        aria-hidden="true"
        className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
      />
      <Input
        id={id}
        type="search"
        value={text}
        onChange={(e) => setText(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === "Enter") onSearch(text);
        }}
        placeholder="Name, $SYMBOL or @creator"
        maxLength={100}
        autoComplete="off"
        className="pr-10 pl-9"
      />
      {text ? (
        <Button
          type="button"
          variant="ghost"
          size="icon-sm"
          aria-label="Clear search"
          className="absolute top-1/2 right-1 -translate-y-1/2"
          onClick={() => {
            setText("");
            onSearch("");
          }}
        >
          <X aria-hidden="true" />
        </Button>
      ) : null}
    </search>
  );
}
