/** A write refused because another row has the same key (PostgreSQL, SQLite). */
export const isUniqueViolation = (e: unknown): boolean => {
  const code = (e as { code?: unknown } | null)?.code;
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY';
};
