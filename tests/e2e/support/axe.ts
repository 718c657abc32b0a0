import AxeBuilder from "@axe-core/playwright";
import type { Page } from "playwright-core";

/** Serious or critical axe findings (WCAG 2.x A/AA + best practices) on the page as it is now. */
export async function seriousA11yFindings(
  page: Page,
): Promise<Array<{ id: string; help: string; targets: string[] }>> {
  const result = await new AxeBuilder({ page })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"])
    .analyze();
  return result.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => ({ id: v.id, help: v.help, targets: v.nodes.map((n) => n.target.join(" ")).slice(0, 5) }));
}
