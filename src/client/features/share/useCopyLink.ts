import { useCallback, useEffect, useRef, useState } from 'react';
import { COPIED_INDICATOR_MS } from '@shared/constants';
import { toast } from '@/components/ui/toast-store';
import { SHARE_TEXT } from './copy';

/**
 * Copies a link to the clipboard with the toasts of spec §8; `copied` stays true for the copied
 * indicator's 2 s (spec §9).
 */
export function useCopyLink(copiedTitle: string = SHARE_TEXT.linkCopied) {
  const [copied, setCopied] = useState(false);
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(timer.current), []);

  const copy = useCallback(
    async (link: string) => {
      try {
        await navigator.clipboard.writeText(link);
      } catch {
        toast({ title: SHARE_TEXT.linkCopyFailed, variant: 'destructive' });
        return;
      }
      toast({ title: copiedTitle });
      setCopied(true);
      window.clearTimeout(timer.current);
      timer.current = window.setTimeout(() => setCopied(false), COPIED_INDICATOR_MS);
    },
    [copiedTitle],
  );

  return { copied, copy };
}
