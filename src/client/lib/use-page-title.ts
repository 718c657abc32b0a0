import { useEffect } from "react";

/** The landing's title, as index.html has it before any script runs. */
export const SITE_TITLE = "CreatorCoin: launch your creator token";

/** Names the browser tab after the page showing: "Dashboard · CreatorCoin", or the landing's
 * SITE_TITLE when `title` is that. null leaves the title as it is (a token's name still
 * loading: the server already put it in the page it served). */
export function usePageTitle(title: string | null): void {
  useEffect(() => {
    if (title === null) return;
    document.title = title === SITE_TITLE ? title : `${title} · CreatorCoin`;
  }, [title]);
}
