import AxeBuilder from "@axe-core/playwright";
import type { Page } from "playwright-core";

/** Contrast is judged on what is painted: finite animations (a toast fading in) jump to
 * their end state before axe looks, rather than being waited for against a clock. Endless
 * ones (spinners) are left running. */
export async function settleAnimations(page: Page): Promise<void> {
  await page.evaluate(() => {
    for (const a of document.getAnimations()) {
      if (a.effect?.getComputedTiming().iterations === Number.POSITIVE_INFINITY) continue;
      try {
        a.finish();
      } catch {
        /* a paused (rate 0) animation cannot finish; it paints as it is */
      }
    }
  });
}

/** Serious or critical axe findings (WCAG 2.x A/AA + best practices) on the page as it is now. */
export async function seriousA11yFindings(
  page: Page,
): Promise<Array<{ id: string; help: string; targets: string[] }>> {
  await settleAnimations(page);
  const result = await new AxeBuilder({ page })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"])
    .analyze();
  return result.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => ({ id: v.id, help: v.help, targets: v.nodes.map((n) => n.target.join(" ")).slice(0, 5) }));
}
