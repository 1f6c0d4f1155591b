import type {
  KyselyPlugin,
  OperationNode,
  PluginTransformQueryArgs,
  PluginTransformResultArgs,
  QueryResult,
  RootOperationNode,
  UnknownRow,
} from 'kysely';

/** Every table at once: a statement whose tables are not known (raw SQL, a schema change). */
const ANY = '*';

/** Raw SQL that changes no rows: reads, cursors, transaction control, maintenance. */
const RAW_READ =
  /^\s*(select|fetch|close|declare|begin|commit|rollback|savepoint|release|vacuum|checkpoint|analyze|show|set|explain)\b/i;

function tableName(node: OperationNode | undefined): string | null {
  if (!node) return null;
  if (node.kind === 'TableNode') {
    return (node as unknown as { table: { identifier: { name: string } } }).table.identifier.name;
  }
  if (node.kind === 'AliasNode') return tableName((node as unknown as { node: OperationNode }).node);
  return null;
}

/**
 * The tables a statement may change: [] for a read, ['*'] when they cannot be told (raw SQL that
 * is not a known read, a schema change, a write with a WITH clause, which may write elsewhere).
 */
export function tablesWritten(node: RootOperationNode): readonly string[] {
  const root = node as OperationNode & { with?: unknown };
  switch (node.kind) {
    case 'SelectQueryNode':
      return root.with ? [ANY] : [];
    case 'RawNode':
      return RAW_READ.test(node.sqlFragments.join('?')) ? [] : [ANY];
    case 'InsertQueryNode':
    case 'MergeQueryNode': {
      const name = tableName(node.into);
      return name && !root.with ? [name] : [ANY];
    }
    case 'UpdateQueryNode': {
      const name = tableName(node.table);
      return name && !root.with && !node.from ? [name] : [ANY];
    }
    case 'DeleteQueryNode': {
      const names = node.from.froms.map(tableName);
      return names.every((name) => name !== null) && !root.with && !node.using ? (names as string[]) : [ANY];
    }
    default:
      return [ANY];
  }
}

/**
 * A Kysely plugin that counts the writes of every statement run through the database handle, per
 * table: caches of reads (shared/read-cache.ts) compare `version(tables)` instead of relying on
 * every writer to tell them. A write is counted before it runs and again when its answer comes
 * back, so a read that overlapped it is never taken for current. (A write inside a transaction on
 * PostgreSQL becomes visible at its commit, after the second count: a cache keeps such a read at
 * most its own time bound.)
 */
export class WriteWatch implements KyselyPlugin {
  private readonly counts = new Map<string, number>();
  private readonly pending = new WeakMap<object, readonly string[]>();

  transformQuery({ node, queryId }: PluginTransformQueryArgs): RootOperationNode {
    const tables = tablesWritten(node);
    if (tables.length > 0) {
      this.pending.set(queryId, tables);
      this.count(tables);
    }
    return node;
  }

  async transformResult({ result, queryId }: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    const tables = this.pending.get(queryId);
    if (tables) this.count(tables);
    return result;
  }

  /** A number that changes whenever one of `tables` (or an unknown table) is written. */
  version(tables: readonly string[]): number {
    let sum = this.counts.get(ANY) ?? 0;
    for (const table of tables) sum += this.counts.get(table) ?? 0;
    return sum;
  }

  private count(tables: readonly string[]): void {
    for (const table of tables) this.counts.set(table, (this.counts.get(table) ?? 0) + 1);
  }
}
