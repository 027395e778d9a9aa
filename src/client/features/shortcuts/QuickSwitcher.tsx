/**
 * Ctrl/Cmd+K: a search box over the user's diagrams and those shared with them, filtered by
 * title as they type; arrow keys choose, Enter opens, Escape closes.
 */
import { Dialog as DialogPrimitive } from 'radix-ui';
import { FileText, Search, Users } from 'lucide-react';
import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { useDiagramSummaries } from '@/api/diagrams';
import { useFolders } from '@/api/folders';
import { useSharedWithMe } from '@/api/sharedWithMe';
import { cn } from '@/lib/cn';
import { SHORTCUTS_COPY, SHORTCUTS_TESTIDS } from './copy';
import { matchTitles, type SwitcherItem } from './matchTitles';

interface QuickSwitcherProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onOpen: (id: number) => void;
}

export function QuickSwitcher({ open, onOpenChange, onOpen }: QuickSwitcherProps) {
  return (
    <DialogPrimitive.Root open={open} onOpenChange={onOpenChange}>
      <DialogPrimitive.Portal>
        <DialogPrimitive.Overlay className="fixed inset-0 z-40 bg-black/50" />
        <DialogPrimitive.Content
          className="fixed left-1/2 top-[12vh] z-50 w-[calc(100%-2rem)] max-w-lg -translate-x-1/2 overflow-hidden rounded-lg border border-border bg-card shadow-xl"
          data-testid={SHORTCUTS_TESTIDS.switcher}
          aria-describedby={undefined}
        >
          <DialogPrimitive.Title className="sr-only">
            {SHORTCUTS_COPY.switcherTitle}
          </DialogPrimitive.Title>
          {open && (
            <SwitcherBody
              onOpen={(id) => {
                onOpenChange(false);
                onOpen(id);
              }}
            />
          )}
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  );
}

function useSwitcherItems(): SwitcherItem[] {
  const own = useDiagramSummaries();
  const folders = useFolders();
  const shared = useSharedWithMe();
  return useMemo(() => {
    const folderName = new Map((folders.data ?? []).map((f) => [f.id, f.name]));
    return [
      ...(own.data ?? []).map((d) => ({
        id: d.id,
        title: d.title,
        detail:
          d.folderId === null
            ? SHORTCUTS_COPY.topLevel
            : (folderName.get(d.folderId) ?? SHORTCUTS_COPY.topLevel),
        shared: false,
      })),
      ...(shared.data ?? []).map((d) => ({
        id: d.id,
        title: d.title,
        detail: SHORTCUTS_COPY.sharedBy(d.ownerName),
        shared: true,
      })),
    ];
  }, [own.data, folders.data, shared.data]);
}

function SwitcherBody({ onOpen }: { onOpen: (id: number) => void }) {
  const items = useSwitcherItems();
  const [query, setQuery] = useState('');
  const [active, setActive] = useState(0);
  const matches = useMemo(() => matchTitles(items, query), [items, query]);
  const listId = useId();
  const list = useRef<HTMLUListElement>(null);
  const current = Math.min(active, Math.max(matches.length - 1, 0));
  const optionId = (index: number) => `${listId}-option-${index}`;

  useEffect(() => {
    list.current?.querySelector(`[data-index="${current}"]`)?.scrollIntoView({ block: 'nearest' });
  }, [current]);

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (matches.length === 0) return;
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((current + step + matches.length) % matches.length);
    } else if (event.key === 'Enter') {
      event.preventDefault();
      const chosen = matches[current];
      if (chosen) onOpen(chosen.id);
    }
  };

  return (
    <>
      <div className="flex items-center gap-2 border-b border-border px-3">
        <Search className="h-4 w-4 shrink-0 text-muted-foreground" aria-hidden />
        <input
          autoFocus
          value={query}
          onChange={(event) => {
            setQuery(event.target.value);
            setActive(0);
          }}
          onKeyDown={onKeyDown}
          placeholder={SHORTCUTS_COPY.switcherPlaceholder}
          aria-label={SHORTCUTS_COPY.switcherTitle}
          role="combobox"
          aria-expanded
          aria-controls={listId}
          aria-autocomplete="list"
          aria-activedescendant={matches.length > 0 ? optionId(current) : undefined}
          spellCheck={false}
          autoComplete="off"
          className="h-12 min-w-0 flex-1 bg-transparent text-sm outline-none placeholder:text-muted-foreground"
          data-testid={SHORTCUTS_TESTIDS.switcherInput}
        />
      </div>
      <ul
        ref={list}
        id={listId}
        role="listbox"
        aria-label={SHORTCUTS_COPY.switcherTitle}
        className="max-h-80 overflow-y-auto p-1.5"
      >
        {matches.length === 0 && (
          <li className="px-3 py-6 text-center text-sm text-muted-foreground">
            {items.length === 0 ? SHORTCUTS_COPY.switcherNone : SHORTCUTS_COPY.switcherEmpty}
          </li>
        )}
        {matches.map((item, index) => {
          const Icon = item.shared ? Users : FileText;
          return (
            <li
              key={`${item.detail}-${item.id}`}
              id={optionId(index)}
              role="option"
              aria-selected={index === current}
              data-index={index}
              data-testid={SHORTCUTS_TESTIDS.switcherItem}
              onMouseMove={() => setActive(index)}
              onClick={() => onOpen(item.id)}
              className={cn(
                'flex cursor-pointer items-center gap-2.5 rounded-md px-2.5 py-2 text-sm',
                index === current && 'bg-accent text-primary',
              )}
            >
              <Icon className="h-4 w-4 shrink-0 opacity-70" aria-hidden />
              <span className="min-w-0 flex-1 truncate">{item.title}</span>
              <span className="max-w-[40%] shrink-0 truncate text-xs text-muted-foreground">
                {item.detail}
              </span>
            </li>
          );
        })}
      </ul>
      <p className="border-t border-border px-3 py-2 text-xs text-muted-foreground">
        {SHORTCUTS_COPY.switcherHint}
      </p>
    </>
  );
}
