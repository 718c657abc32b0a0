import { counted, groupDigits } from "@shared/amounts";
import type { Analytics } from "@shared/schemas/analytics";
import {
  Bar,
  BarChart,
  CartesianGrid,
  Legend,
  Line,
  LineChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from "recharts";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";

// recharts is large: this module is only loaded by the pages that chart (React.lazy).

const LAMPORTS_PER_SOL = 1e9;
/** Days the server's daily series cover at most (fewer for a token launched since). */
const SERIES_DAYS = 30;
const axis = { fontSize: 12, fill: "var(--color-muted-foreground)" };
const shortDay = (day: string) => day.slice(5);
/** SOL amounts and prices as decimals (0.0000008), never in exponent form (8e-7). */
const solNumber = (value: unknown) => Number(value).toLocaleString("en-US", { maximumSignificantDigits: 4 });

function ChartCard({
  title,
  summary,
  children,
}: {
  title: string;
  summary: string;
  children: React.ReactElement;
}) {
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h3" className="text-base">
          {title}
        </CardTitle>
      </CardHeader>
      <CardContent>
        {/* The chart is a picture; the sentence says what it shows for screen readers. */}
        <figure aria-label={summary} className="h-56 w-full">
          <ResponsiveContainer width="100%" height="100%">
            {children}
          </ResponsiveContainer>
        </figure>
      </CardContent>
    </Card>
  );
}

/** The day's movement, dashed over the holders' line. */
const MOVEMENT_LINES = [
  { dataKey: "newHolders", name: "New", stroke: "var(--color-success)", strokeDasharray: "5 3" },
  { dataKey: "lostHolders", name: "Lost", stroke: "var(--color-destructive)", strokeDasharray: "2 3" },
] as const;

/** Holders over time (with new and lost), the market's daily volume and closing price, and
 * how the supply is spread across holders. */
export default function AnalyticsCharts({ series }: { series: Analytics["series"] }) {
  const holders = series.holders;
  const market = series.market.map((d) => ({
    day: d.day,
    volume: Number(d.volumeLamports) / LAMPORTS_PER_SOL,
    close: d.closeLamports === null ? null : Number(d.closeLamports) / LAMPORTS_PER_SOL,
  }));
  const traded = market.some((d) => d.volume > 0);
  const last = holders.at(-1)?.holders ?? 0;
  const joined = holders.reduce((n, d) => n + d.newHolders, 0);
  const fewDays = holders.length <= 2;
  const left = holders.reduce((n, d) => n + d.lostHolders, 0);
  // The series starts at the launch: a token younger than the window charts its own days.
  const sinceLaunch = holders.length < SERIES_DAYS;
  const span = sinceLaunch ? `since launch (${counted(holders.length, "day")})` : `over ${SERIES_DAYS} days`;
  return (
    <div className="grid gap-4 lg:grid-cols-2 [&>*]:min-w-0">
      <ChartCard
        title={sinceLaunch ? "Holders since launch" : `Holders over ${SERIES_DAYS} days`}
        summary={`Holders per day ${span}, ${groupDigits(String(last))} today; ${groupDigits(String(joined))} new and ${groupDigits(String(left))} lost in those days`}
      >
        <LineChart data={holders}>
          <CartesianGrid strokeDasharray="3 3" stroke="var(--color-border)" />
          <XAxis dataKey="day" tickFormatter={shortDay} tick={axis} />
          <YAxis allowDecimals={false} tick={axis} width={40} />
          <Tooltip />
          {/* Three lines: without a key, "New" reads as the holder count on a phone (no hover). */}
          <Legend wrapperStyle={{ fontSize: 12 }} itemSorter={null} />
          {/* Holders wide and under, New and Lost dashed and narrow over it: equal values (a
              token's first days) still show all three; with a day or two there is no line to
              see, so each day is a dot, the larger one under. */}
          <Line
            type="monotone"
            dataKey="holders"
            name="Holders"
            stroke="var(--color-primary)"
            strokeWidth={3}
            dot={fewDays ? { r: 6 } : false}
          />
          {MOVEMENT_LINES.map((line) => (
            <Line key={line.dataKey} type="monotone" {...line} dot={fewDays ? { r: 3 } : false} />
          ))}
        </LineChart>
      </ChartCard>
      <ChartCard
        title="Holders by share of the supply"
        summary={series.distribution
          .map((b) => `${counted(b.holders, "holder")} with ${b.label} of the supply`)
          .join(", ")}
      >
        {/* Bars across, one row per share: every label has a line of its own, so none is
            dropped on a phone (five labels under the bars did not fit 390 px). */}
        <BarChart data={series.distribution} layout="vertical" margin={{ left: 0, right: 12 }}>
          <CartesianGrid strokeDasharray="3 3" stroke="var(--color-border)" />
          <XAxis type="number" allowDecimals={false} tick={axis} />
          <YAxis type="category" dataKey="label" tick={axis} width={104} interval={0} />
          <Tooltip />
          <Bar dataKey="holders" name="Holders" fill="var(--color-primary)" />
        </BarChart>
      </ChartCard>
      {traded ? (
        <>
          <ChartCard title="Volume (SOL per day)" summary={`SOL traded on the market per day ${span}`}>
            <BarChart data={market}>
              <CartesianGrid strokeDasharray="3 3" stroke="var(--color-border)" />
              <XAxis dataKey="day" tickFormatter={shortDay} tick={axis} />
              <YAxis tick={axis} width={50} tickFormatter={solNumber} />
              <Tooltip formatter={solNumber} />
              <Bar dataKey="volume" name="SOL" fill="var(--color-primary)" />
            </BarChart>
          </ChartCard>
          <ChartCard title="Price (SOL per token, daily close)" summary="The market's closing price per day">
            <LineChart data={market}>
              <CartesianGrid strokeDasharray="3 3" stroke="var(--color-border)" />
              <XAxis dataKey="day" tickFormatter={shortDay} tick={axis} />
              {/* Sized to its labels: a price below a lamport has ten zeros after the point. */}
              <YAxis tick={axis} width="auto" tickFormatter={solNumber} />
              <Tooltip formatter={solNumber} />
              <Line
                type="stepAfter"
                dataKey="close"
                name="Close"
                stroke="var(--color-primary)"
                connectNulls
                dot
              />
            </LineChart>
          </ChartCard>
        </>
      ) : (
        <p className="text-sm text-muted-foreground lg:col-span-2">
          No trades in the last 30 days: no volume or price to chart.
        </p>
      )}
      {/* The server counts days in UTC: a viewer far from it would otherwise see "today" end early. */}
      <p className="text-xs text-muted-foreground lg:col-span-2">Days run from midnight to midnight UTC.</p>
    </div>
  );
}
