import { ChevronRight, Users } from 'lucide-react';
import { useState } from 'react';
import { useSharedWithMe } from '@/api/sharedWithMe';
import { useUser } from '@/api/user';
import { cn } from '@/lib/cn';
import { SIDEBAR_COPY, SIDEBAR_TESTIDS, SIDEBAR_TEXT } from './copy';

/** 'Shared with me': title, owner and role; opening one works like any diagram. */
export function SharedList({
  openId,
  onOpen,
  startOpen,
}: {
  openId: number;
  onOpen: (id: number) => void;
  /** On phones the section starts closed so the user's own list keeps the little room there is. */
  startOpen: boolean;
}) {
  const shared = useSharedWithMe();
  // Diagrams are shared with an e-mail address; an unverified one matches none of them.
  const unverified = useUser().data?.emailVerified === false;
  const [open, setOpen] = useState(startOpen);
  const items = shared.data ?? [];
  return (
    <section className="shrink-0 border-t border-border" data-testid={SIDEBAR_TESTIDS.shared}>
      <button
        type="button"
        aria-expanded={open}
        onClick={() => setOpen(!open)}
        className="flex h-9 w-full cursor-pointer items-center gap-1.5 px-3 text-xs font-semibold uppercase tracking-wide text-muted-foreground outline-none hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-inset"
      >
        <ChevronRight
          className={cn('h-3.5 w-3.5 transition-transform', open && 'rotate-90')}
          aria-hidden
        />
        <Users className="h-3.5 w-3.5" aria-hidden />
        {SIDEBAR_TEXT.sharedWithMe}
        <span className="ml-auto font-normal tabular-nums">{items.length}</span>
      </button>
      {open && (
        <ul className="max-h-40 overflow-y-auto max-md:max-h-24 px-2 pb-2">
          {unverified && (
            <li
              role="note"
              data-testid={SIDEBAR_TESTIDS.emailUnverified}
              className="px-2 py-1 text-xs text-amber-700 dark:text-amber-400"
            >
              {SIDEBAR_COPY.emailUnverified}
            </li>
          )}
          {items.length === 0 && !unverified && (
            <li className="px-2 py-1 text-xs text-muted-foreground">{SIDEBAR_COPY.noShared}</li>
          )}
          {items.map((item) => {
            const active = item.id === openId;
            return (
              <li key={item.id}>
                <button
                  type="button"
                  onClick={() => onOpen(item.id)}
                  aria-current={active ? 'true' : undefined}
                  data-testid={SIDEBAR_TESTIDS.sharedDiagram}
                  data-active={active || undefined}
                  className={cn(
                    'flex w-full cursor-pointer items-center gap-2 rounded-md px-2 py-1 text-left outline-none focus-visible:ring-2 focus-visible:ring-ring',
                    active ? 'bg-accent text-primary' : 'hover:bg-muted',
                  )}
                >
                  <span className="min-w-0 flex-1">
                    <span className="block truncate text-sm">{item.title}</span>
                    <span className="block truncate text-xs text-muted-foreground">
                      {SIDEBAR_COPY.sharedBy(item.ownerName)}
                    </span>
                  </span>
                  <span className="shrink-0 rounded-full border border-border px-1.5 py-px text-[10px] font-medium uppercase tracking-wide text-muted-foreground">
                    {SIDEBAR_COPY.role[item.role]}
                  </span>
                </button>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
