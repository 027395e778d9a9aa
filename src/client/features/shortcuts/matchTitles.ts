/** Quick-switcher matching: case-insensitive; title starts first, then word starts, then inside. */
export interface SwitcherItem {
  id: number;
  title: string;
  detail: string;
  /** Someone else's diagram, shared with the user. */
  shared?: boolean;
}

export function matchTitles(items: SwitcherItem[], query: string, limit = 50): SwitcherItem[] {
  const needle = query.trim().toLocaleLowerCase();
  if (!needle) return items.slice(0, limit);
  const ranked: { item: SwitcherItem; rank: number; order: number }[] = [];
  items.forEach((item, order) => {
    const title = item.title.toLocaleLowerCase();
    const at = title.indexOf(needle);
    if (at < 0) return;
    const wordStart = at === 0 ? 0 : /[\s\-_/.(]/.test(title[at - 1] ?? '') ? 1 : 2;
    ranked.push({ item, rank: wordStart, order });
  });
  ranked.sort((a, b) => a.rank - b.rank || a.order - b.order);
  return ranked.slice(0, limit).map((entry) => entry.item);
}
