import { statSync } from 'node:fs';

/**
 * Remembers which file a database was opened on (device + inode) and returns a check that says, at any later
 * time, whether the path still names that file: a deleted or replaced database would otherwise take writes
 * into an unlinked inode that nobody reads again. The check returns the problem, or undefined when intact.
 */
export function databaseFileIdentity(file: string): () => string | undefined {
  if (file === ':memory:') return () => undefined;
  const opened = statSync(file);
  return () => {
    const current = statSync(file, { throwIfNoEntry: false });
    if (!current) return `the database file ${file} was deleted while in use`;
    if (current.ino !== opened.ino || current.dev !== opened.dev)
      return `the database file ${file} was replaced while in use`;
    return undefined;
  };
}
