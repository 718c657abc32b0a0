import type { Page } from "playwright-core";
import { expectToast } from "./env";

/** The create wizard up to its review form: the AI step skipped, a new embedded wallet funded
 * from the faucet. */
export async function toReviewWithFundedWallet(page: Page): Promise<void> {
  await page.goto("/create");
  await page.getByRole("button", { name: "Skip: I'll fill in my token myself" }).click();
  await page.getByRole("button", { name: "Generate New Wallet" }).click();
  await expectToast(page, "Wallet Generated");
  await page.getByTestId("wallet-row").getByRole("button", { name: "Get Test SOL" }).click();
  await expectToast(page, "Airdrop Successful");
  await page.getByRole("button", { name: "Continue", exact: true }).click();
  await page.getByLabel("Token name").waitFor();
}
