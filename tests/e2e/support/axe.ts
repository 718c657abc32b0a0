import AxeBuilder from "@axe-core/playwright";
import type { Page } from "playwright-core";

/** Contrast is judged on what is painted: let finite animations (a toast fading in) end
 * before axe looks. Endless ones (spinners) never finish and are skipped. */
export async function settleAnimations(page: Page): Promise<void> {
  await page.evaluate(() =>
    Promise.race([
      Promise.all(
        document
          .getAnimations()
          .filter((a) => a.effect?.getComputedTiming().iterations !== Number.POSITIVE_INFINITY)
          .map((a) => a.finished.catch(() => undefined)),
      ),
      new Promise((resolve) => setTimeout(resolve, 3000)),
    ]),
  );
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
