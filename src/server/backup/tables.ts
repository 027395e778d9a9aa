/**
 * The tables a backup holds: every table of the drizzle schema (so a table added later is backed
 * up without touching this folder), parents before children so a restore meets every foreign
 * key, minus disposable state (rate-limit counters, OAuth requests waiting for consent).
 */
import { getTableConfig, type PgTable } from 'drizzle-orm/pg-core';
import { oauthRequests, rateLimits, schema } from '../db/schema.js';

const NOT_BACKED_UP = new Set<PgTable>([rateLimits, oauthRequests]);

export interface BackedUpTable {
  name: string;
  columns: string[];
  /** Primary-key columns, for a stable row order. */
  order: string[];
}

export function backedUpTables(): BackedUpTable[] {
  const tables: PgTable[] = Object.values(schema).filter((table) => !NOT_BACKED_UP.has(table));
  const configs = new Map(tables.map((table) => [table, getTableConfig(table)] as const));
  const sorted: PgTable[] = [];
  const visiting = new Set<PgTable>();
  const visit = (table: PgTable) => {
    if (sorted.includes(table) || visiting.has(table)) return; // a self-reference is fine
    visiting.add(table);
    for (const key of configs.get(table)?.foreignKeys ?? []) {
      const parent = key.reference().foreignTable;
      if (configs.has(parent)) visit(parent);
    }
    visiting.delete(table);
    sorted.push(table);
  };
  tables.forEach(visit);

  return sorted.map((table) => {
    const config = configs.get(table)!;
    const primary = [
      ...config.columns.filter((column) => column.primary).map((column) => column.name),
      ...config.primaryKeys.flatMap((key) => key.columns.map((column) => column.name)),
    ];
    const columns = config.columns.map((column) => column.name);
    return { name: config.name, columns, order: primary.length > 0 ? primary : columns };
  });
}
