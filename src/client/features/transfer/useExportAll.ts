import { useCallback, useState } from 'react';
import { readableError } from '@/api/http';
import { toast } from '@/components/ui/toast-store';
import { TRANSFER_COPY } from './copy';
import { exportAll } from './transferApi';

/** Export all, with a busy flag and a toast either way. */
export function useExportAll() {
  const [busy, setBusy] = useState(false);
  const run = useCallback(async () => {
    setBusy(true);
    try {
      await exportAll();
      toast({ title: TRANSFER_COPY.exported });
    } catch (error) {
      toast({
        title: TRANSFER_COPY.exportFailed,
        description: readableError(error),
        variant: 'destructive',
      });
    } finally {
      setBusy(false);
    }
  }, []);
  return { run, busy };
}
