/** An error class whose instances are the user's mistake (a path that names nothing usable), not a bug. */
type UserErrorClass = abstract new (...args: never[]) => Error;

/**
 * Runs a step that reads what the user named on the command line. When it fails with one of `userErrors`,
 * prints `docsmith <command>: <message>` on one line and resolves to undefined (the caller exits 2);
 * anything else is a bug and is rethrown.
 */
export async function readUserInput<T>(
  command: string,
  read: () => Promise<T>,
  userErrors: UserErrorClass[],
): Promise<T | undefined> {
  try {
    return await read();
  } catch (error) {
    if (userErrors.some((userError) => error instanceof userError)) {
      process.stderr.write(`docsmith ${command}: ${(error as Error).message}\n`);
      return undefined;
    }
    throw error;
  }
}
