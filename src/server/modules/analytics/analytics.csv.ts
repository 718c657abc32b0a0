import type { Analytics } from "@shared/schemas/analytics";

// GET /api/analytics/:mint/report.csv: the same figures as the JSON answer, one per row
// (section, key, value), so a spreadsheet sums and charts them and a test compares them.

type Cell = string | number | null;

/** A cell as CSV: quoted when it must be; text that a spreadsheet would run as a formula
 * (=, +, -, @ first) is prefixed with ' (numbers stay numbers). */
function cell(value: Cell): string {
  if (value === null) return "";
  let text = String(value);
  if (typeof value === "string" && /^[=+\-@\t\r]/.test(text) && !/^-?\d+(\.\d+)?$/.test(text))
    text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export function analyticsCsv(a: Analytics): string {
  const rows: Cell[][] = [["section", "key", "value"]];
  const add = (section: string, key: string, value: Cell) => rows.push([section, key, value]);
  add("token", "mint", a.mint);
  add("token", "symbol", a.symbol);
  add("token", "view", a.view);
  add("token", "generated_at", a.generatedAt);

  const { transparency, engagement, reputation } = a.cards;
  add("transparency", "score", transparency.score);
  add("transparency", "change_7d", transparency.trend.change);
  add("engagement", "score", engagement.score);
  add("engagement", "change_7d", engagement.trend.change);
  for (const [window, activity] of [
    ["7d", engagement.last7Days],
    ["30d", engagement.last30Days],
  ] as const)
    for (const [key, value] of Object.entries(activity)) add("engagement", `${key}_${window}`, value);
  add("reputation", "score", reputation.score);
  add("reputation", "change_7d", reputation.trend.change);
  add("reputation", "creator_age_days", reputation.creatorAgeDays);
  add("reputation", "tokens_launched", reputation.tokensLaunched);
  add("reputation", "tokens_alive", reputation.tokensAlive);
  add("reputation", "holders_retained_bps", reputation.holdersRetainedBps);

  for (const [key, value] of Object.entries(a.overview))
    add("overview", key, typeof value === "boolean" ? String(value) : value);

  for (const d of a.series.holders) {
    add("holders_by_day", d.day, d.holders);
    add("new_holders_by_day", d.day, d.newHolders);
    add("lost_holders_by_day", d.day, d.lostHolders);
  }
  for (const d of a.series.market) {
    add("trades_by_day", d.day, d.trades);
    add("volume_lamports_by_day", d.day, d.volumeLamports);
    add("close_lamports_by_day", d.day, d.closeLamports);
  }
  for (const b of a.series.distribution) add("distribution", b.label, b.holders);
  for (const f of a.trustFactors) add("trust_factor", f.label, `${f.points}/${f.maxPoints} (${f.value})`);
  for (const m of a.topMembers ?? []) add("top_members", m.address, m.balance);
  for (const r of a.explore ?? []) add("explore_rank", r.sort, r.rank);
  return `${rows.map((r) => r.map(cell).join(",")).join("\r\n")}\r\n`;
}
