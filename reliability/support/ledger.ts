/**
 * What the server acknowledged, per diagram: the last save answered 200 (content and updatedAt),
 * and the saves sent since whose fate is unknown (no answer yet, cut off, or a 5xx that may have
 * come after the commit). Everything acknowledged must be there; an unknown one may be too.
 */
export interface Acked {
  content: string;
  updatedAt: string;
}

interface Entry {
  acked: Acked;
  /** Sent after the last acknowledged save, fate unknown. */
  pending: string[];
  saves: number;
}

export class SaveLedger {
  private readonly entries = new Map<number, Entry>();

  track(id: number, created: Acked): void {
    this.entries.set(id, { acked: created, pending: [], saves: 0 });
  }

  ids(): number[] {
    return [...this.entries.keys()];
  }

  latest(id: number): Acked {
    return this.entry(id).acked;
  }

  sending(id: number, content: string): void {
    this.entry(id).pending.push(content);
  }

  acknowledged(id: number, saved: Acked): void {
    const entry = this.entry(id);
    if (Date.parse(saved.updatedAt) <= Date.parse(entry.acked.updatedAt)) {
      throw new Error(
        `diagram ${id}: a save answered an updatedAt that is not later than the last`,
      );
    }
    entry.acked = saved;
    entry.pending = [];
    entry.saves += 1;
  }

  /** The save was answered with a refusal that says nothing was written (a 4xx). */
  refused(id: number, content: string): void {
    const entry = this.entry(id);
    entry.pending = entry.pending.filter((text) => text !== content);
  }

  /**
   * A 409 whose stored diagram is a save we never had an answer for: it was committed, so it
   * becomes the acknowledged state. Answers false for any other conflict (a lost update).
   */
  adoptConflict(id: number, stored: Acked): boolean {
    const entry = this.entry(id);
    if (!entry.pending.includes(stored.content)) return false;
    entry.acked = stored;
    entry.pending = [];
    return true;
  }

  totalSaves(): number {
    return [...this.entries.values()].reduce((sum, entry) => sum + entry.saves, 0);
  }

  /** Null when the read-back text is the last acknowledged save (or the unanswered one after it). */
  check(id: number, readBack: Acked): string | null {
    const { acked, pending } = this.entry(id);
    if (readBack.content === acked.content && readBack.updatedAt === acked.updatedAt) return null;
    if (pending.includes(readBack.content)) {
      return Date.parse(readBack.updatedAt) > Date.parse(acked.updatedAt)
        ? null
        : `diagram ${id}: an unanswered save is stored with an older updatedAt`;
    }
    return `diagram ${id}: read back ${JSON.stringify(readBack.content.slice(-40))} @ ${readBack.updatedAt}, last acknowledged ${JSON.stringify(acked.content.slice(-40))} @ ${acked.updatedAt}`;
  }

  private entry(id: number): Entry {
    const entry = this.entries.get(id);
    if (!entry) throw new Error(`diagram ${id} is not tracked`);
    return entry;
  }
}
