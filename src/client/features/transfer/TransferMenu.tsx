/**
 * The sidebar's import/export menu: 'Export all', 'Import…' and, while a saved diagram is open,
 * 'Check against a trace…' (the trace import's counterpart: a trace against the open diagram).
 */
import { Activity, ArrowDownUp, Download, Upload } from 'lucide-react';
import { useSyncExternalStore } from 'react';
import { Button } from '@/components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { TRACE_CHECK_COPY, TRACE_CHECK_TESTIDS } from '@/features/trace-check/copy';
import {
  openTraceCheck,
  traceCheckAvailable,
  watchTraceCheck,
} from '@/features/trace-check/traceCheckStore';
import { TRANSFER_COPY, TRANSFER_TESTIDS } from './copy';
import { useExportAll } from './useExportAll';

export function TransferMenu({ onImport }: { onImport: () => void }) {
  const exporting = useExportAll();
  const canCheck = useSyncExternalStore(watchTraceCheck, traceCheckAvailable);
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button
          variant="ghost"
          size="icon"
          className="h-8 w-8"
          aria-label={TRANSFER_COPY.menu}
          title={TRANSFER_COPY.menu}
          data-testid={TRANSFER_TESTIDS.menu}
        >
          <ArrowDownUp className="h-4 w-4" aria-hidden />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent className="min-w-[11rem]">
        <DropdownMenuItem
          disabled={exporting.busy}
          onSelect={() => void exporting.run()}
          data-testid={TRANSFER_TESTIDS.exportAll}
        >
          <Download className="h-4 w-4" aria-hidden />
          {TRANSFER_COPY.exportAll}
        </DropdownMenuItem>
        <DropdownMenuItem onSelect={onImport} data-testid={TRANSFER_TESTIDS.import}>
          <Upload className="h-4 w-4" aria-hidden />
          {TRANSFER_COPY.import}
        </DropdownMenuItem>
        {canCheck && (
          <DropdownMenuItem onSelect={openTraceCheck} data-testid={TRACE_CHECK_TESTIDS.entry}>
            <Activity className="h-4 w-4" aria-hidden />
            {TRACE_CHECK_COPY.entry}
          </DropdownMenuItem>
        )}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
