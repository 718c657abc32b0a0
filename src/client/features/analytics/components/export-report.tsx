import { Download, Printer } from "lucide-react";
import { Link } from "wouter";
import { Button } from "@/components/ui/button";
import { reportCsvUrl } from "../api/get-analytics";

/** Export Analytics Report: the CSV of the page's figures, and a printable page with the charts. */
export function ExportReport({ mint }: { mint: string }) {
  return (
    <div className="flex flex-wrap gap-2">
      <Button asChild variant="primary">
        <a href={reportCsvUrl(mint)} download>
          <Download aria-hidden="true" />
          Export Analytics Report
        </a>
      </Button>
      <Button asChild variant="ghost">
        <Link href={`/analytics/${mint}/report`}>
          <Printer aria-hidden="true" />
          Printable report
        </Link>
      </Button>
    </div>
  );
}
