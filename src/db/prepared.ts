import type { DbOrTx } from './database';

/**
 * A statement built once per database handle and reused: drizzle then skips rebuilding the SQL
 * text on every call (a large share of a lookup's cost on the polled read paths), and the
 * driver can keep it prepared on the server. `build` receives the handle and returns the
 * prepared query (`.prepare(name)` on a query with `sql.placeholder` parameters).
 */
export function preparedStatement<P>(build: (db: DbOrTx) => P): (db: DbOrTx) => P {
  const built = new WeakMap<DbOrTx, P>();
  return (db) => {
    let prepared = built.get(db);
    if (prepared === undefined) {
      prepared = build(db);
      built.set(db, prepared);
    }
    return prepared;
  };
}
