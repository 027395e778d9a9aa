/**
 * A list that mounts only the rows in view (plus a few either side). Rows have one fixed height,
 * so a row's place is its index times that height: no measuring, and 5,000 rows cost what 30 do.
 */
import {
  useCallback,
  useImperativeHandle,
  useLayoutEffect,
  useRef,
  useState,
  type HTMLAttributes,
  type ReactNode,
  type Ref,
} from 'react';
import { cn } from '@/lib/cn';

export const ROW_HEIGHT = 32;
const OVERSCAN = 8;

export interface VirtualListHandle {
  /** Scrolls just enough to show the row. */
  scrollToIndex(index: number): void;
  element(): HTMLDivElement | null;
}

interface VirtualListProps<T> extends Omit<HTMLAttributes<HTMLDivElement>, 'children'> {
  items: readonly T[];
  itemKey: (item: T) => string;
  renderItem: (item: T, index: number) => ReactNode;
  handle?: Ref<VirtualListHandle>;
}

export function VirtualList<T>({
  items,
  itemKey,
  renderItem,
  handle,
  className,
  ...rest
}: VirtualListProps<T>) {
  const scroller = useRef<HTMLDivElement>(null);
  const [view, setView] = useState({ top: 0, height: 0 });

  const measure = useCallback(() => {
    const el = scroller.current;
    if (el) setView({ top: el.scrollTop, height: el.clientHeight });
  }, []);

  useLayoutEffect(() => {
    const el = scroller.current;
    if (!el) return;
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => observer.disconnect();
  }, [measure]);

  useImperativeHandle(
    handle,
    () => ({
      scrollToIndex(index) {
        const el = scroller.current;
        if (!el) return;
        const top = index * ROW_HEIGHT;
        if (top < el.scrollTop) el.scrollTop = top;
        else if (top + ROW_HEIGHT > el.scrollTop + el.clientHeight)
          el.scrollTop = top + ROW_HEIGHT - el.clientHeight;
      },
      element: () => scroller.current,
    }),
    [],
  );

  const first = Math.max(0, Math.floor(view.top / ROW_HEIGHT) - OVERSCAN);
  const last = Math.min(items.length, Math.ceil((view.top + view.height) / ROW_HEIGHT) + OVERSCAN);
  const visible: ReactNode[] = [];
  for (let index = first; index < last; index += 1) {
    const item = items[index] as T;
    visible.push(
      <div
        key={itemKey(item)}
        className="absolute inset-x-0"
        style={{ top: index * ROW_HEIGHT, height: ROW_HEIGHT }}
      >
        {renderItem(item, index)}
      </div>,
    );
  }

  return (
    <div
      ref={scroller}
      onScroll={measure}
      className={cn('relative min-h-0 overflow-y-auto overscroll-contain', className)}
      {...rest}
    >
      <div className="relative" style={{ height: items.length * ROW_HEIGHT }}>
        {visible}
      </div>
    </div>
  );
}
