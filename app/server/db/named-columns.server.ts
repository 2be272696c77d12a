/**
 * Result columns that cannot shift. D1 answers a `batch()` with rows as objects keyed by column
 * name, and Drizzle maps them back to the selected fields by position (`Object.values`, in effect).
 * Two selected columns of one name (`users.name` and `stores.name` in one join) leave one key for
 * both, so every later field reads its neighbour's value; a name that reads as a number ("1") is
 * listed first by JavaScript and moves too. Outside a batch Drizzle reads rows as arrays and is
 * right, which is why such a select can pass on its own and go wrong once batched.
 *
 * So: a joined select names apart the columns that share a name (`columnAs`), and the session
 * below refuses a batched row whose names cannot be mapped back, instead of handing on wrong data.
 */
import { sql, type RelationalSchemaConfig, type SQL, type TablesRelationalConfig } from "drizzle-orm";
import { NoopCache } from "drizzle-orm/cache/core";
import { D1PreparedQuery, SQLiteD1Session } from "drizzle-orm/d1";
import { NoopLogger } from "drizzle-orm/logger";
import type { AnySQLiteColumn, SQLiteAsyncDialect } from "drizzle-orm/sqlite-core";

type ColumnValue<C extends AnySQLiteColumn> = C["_"]["notNull"] extends true ? C["_"]["data"] : C["_"]["data"] | null;

/** `column` selected under a result name of its own (decoded as the column decodes). */
export function columnAs<C extends AnySQLiteColumn>(column: C, name: string): SQL.Aliased<ColumnValue<C>> {
  return sql`${column}`.mapWith(column).as(name) as SQL.Aliased<ColumnValue<C>>;
}

/** {@link columnAs} for a column of a left-joined table: null when no row joined. */
export function outerColumnAs<C extends AnySQLiteColumn>(column: C, name: string): SQL.Aliased<C["_"]["data"] | null> {
  return sql`${column}`.mapWith(column).as(name) as SQL.Aliased<C["_"]["data"] | null>;
}

/** An array index ("0", "12"): such keys come first in an object's key order, whatever the column order. */
const INDEX_LIKE = /^(?:0|[1-9]\d{0,9})$/;

type PreparedArgs = ConstructorParameters<typeof D1PreparedQuery>;

/** Drizzle's D1 query, checking each batched answer's column names before they are mapped by position. */
class NamedColumnsQuery extends D1PreparedQuery {
  /** How many columns the select reads; 0 when rows are not mapped by position (writes, relational queries). */
  private readonly width: number;

  constructor(...args: PreparedArgs) {
    super(...args);
    const [, , , , , , fields, , , customResultMapper] = args;
    this.width = fields && !customResultMapper ? fields.length : 0;
  }

  override mapAllResult(rows: unknown, isFromBatch?: boolean): unknown {
    if (isFromBatch) this.checkNames((rows as D1Result).results);
    return super.mapAllResult(rows, isFromBatch);
  }

  override mapGetResult(result: unknown, isFromBatch?: boolean): unknown {
    if (isFromBatch) this.checkNames((result as D1Result).results);
    return super.mapGetResult(result, isFromBatch);
  }

  private checkNames(rows: unknown[]) {
    if (this.width < 2 || !rows.length) return;
    const names = Object.keys(rows[0] as object);
    const { sql: text } = this.getQuery();
    if (names.length !== this.width) {
      throw new Error(
        `A batched select reads ${this.width} columns but its rows have ${names.length} names: two selected columns share a name ` +
          `(name one apart with columnAs or sql\`…\`.as("…")). ${text}`,
      );
    }
    const numeric = names.find((name) => INDEX_LIKE.test(name));
    if (numeric !== undefined) {
      throw new Error(`A batched select's column "${numeric}" reads as a number, which JavaScript lists first: name it with .as("…"). ${text}`);
    }
  }
}

const logger = new NoopLogger();
const cache = new NoopCache();

/**
 * Drizzle's D1 session whose queries are {@link NamedColumnsQuery}. Its logger and cache are the
 * ones Drizzle's own session takes when given none, as `createDb` gives none.
 */
export class NamedColumnsD1Session<TFullSchema extends Record<string, unknown>, TSchema extends TablesRelationalConfig> extends SQLiteD1Session<
  TFullSchema,
  TSchema
> {
  constructor(
    private readonly d1: D1Database,
    dialect: SQLiteAsyncDialect,
    schema: RelationalSchemaConfig<TSchema> | undefined,
  ) {
    super(d1, dialect, schema, {});
  }

  override prepareQuery(
    ...[query, fields, executeMethod, isResponseInArrayMode, customResultMapper, queryMetadata, cacheConfig]: Parameters<
      SQLiteD1Session<TFullSchema, TSchema>["prepareQuery"]
    >
  ): D1PreparedQuery {
    const statement = this.d1.prepare(query.sql);
    return new NamedColumnsQuery(statement, query, logger, cache, queryMetadata, cacheConfig, fields, executeMethod, isResponseInArrayMode, customResultMapper);
  }
}
