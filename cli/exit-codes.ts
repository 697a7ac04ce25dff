/** Exit codes shared by every command. */
export const EXIT_OK = 0;
/** The input is invalid or the check failed (validation errors, breaking changes with --fail-on-breaking). */
export const EXIT_INVALID = 1;
/** The command line itself is wrong (unknown option, missing argument, unreadable path). */
export const EXIT_USAGE = 2;
