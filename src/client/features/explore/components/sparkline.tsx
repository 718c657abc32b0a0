import { parsePrice } from "@shared/market/price";

/** A tiny inline price line: hand-drawn SVG from the hourly closes (price strings, lamports
 * with up to 9 decimals). Values are scaled in bigint (nano-lamports) before becoming pixels,
 * so neither big nor sub-lamport prices lose anything to floats. */
export function Sparkline({
  points,
  rising,
  label,
}: {
  points: readonly string[];
  rising: boolean;
  label: string;
}) {
  const width = 96;
  const height = 28;
  const values = points.flatMap((p) => parsePrice(p) ?? []);
  if (values.length < 2) return <span className="block h-7 w-24" aria-hidden="true" />;
  let min = values[0] as bigint;
  let max = min;
  for (const v of values) {
    if (v < min) min = v;
    if (v > max) max = v;
  }
  const span = max - min;
  const steps = 1_000n;
  const coords = values.map((v, i) => {
    const x = (i / (values.length - 1)) * width;
    // 0..1000 in integers, then pixels: 2 px of margin top and bottom.
    const level = span === 0n ? 500n : ((v - min) * steps) / span;
    const y = 2 + (height - 4) * (1 - Number(level) / 1000);
    return `${x.toFixed(1)},${y.toFixed(1)}`;
  });
  return (
    <svg
      viewBox={`0 0 ${width} ${height}`}
      width={width}
      height={height}
      role="img"
      aria-label={label}
      className={rising ? "text-success" : "text-destructive"}
    >
      <polyline
        points={coords.join(" ")}
        fill="none"
        stroke="currentColor"
        strokeWidth="1.75"
        strokeLinejoin="round"
        strokeLinecap="round"
      />
    </svg>
  );
}
