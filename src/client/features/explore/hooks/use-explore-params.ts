import { EXPLORE_SORTS } from "@shared/schemas/market";
import { useCallback } from "react";
import { useLocation, useSearch } from "wouter";
import type { ExploreSort } from "../api/get-explore";

const isSort = (v: string | null): v is ExploreSort => EXPLORE_SORTS.includes(v as ExploreSort);

/** Sort and search live in the URL (/explore?sort=holders&q=maya), so a link shares the view;
 * changing them replaces the history entry rather than stacking one per keystroke. */
export function useExploreParams() {
  const search = useSearch();
  const [, navigate] = useLocation();
  const params = new URLSearchParams(search);
  const sortParam = params.get("sort");
  const sort: ExploreSort = isSort(sortParam) ? sortParam : "new";
  const q = params.get("q") ?? "";

  const set = useCallback(
    (next: { sort?: ExploreSort; q?: string }) => {
      const p = new URLSearchParams();
      const s = next.sort ?? sort;
      const query = (next.q ?? q).trim();
      if (s !== "new") p.set("sort", s);
      if (query) p.set("q", query);
      const text = p.toString();
      navigate(text ? `/explore?${text}` : "/explore", { replace: true });
    },
    [navigate, sort, q],
  );
  return { sort, q, set };
}
