/** The sidebar's import/export menu: 'Export all' and 'Import…'. */
import { ArrowDownUp, Download, Upload } from 'lucide-react';
import { Button } from '@/components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { TRANSFER_COPY, TRANSFER_TESTIDS } from './copy';
import { useExportAll } from './useExportAll';

export function TransferMenu({ onImport }: { onImport: () => void }) {
  const exporting = useExportAll();
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
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
