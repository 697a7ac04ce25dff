import type { ErrorObject } from 'ajv';
import { isWithinPointer } from './is-within-pointer.ts';

/**
 * Drops the `type` errors of union branches (anyOf/oneOf) the value does not even have the type of, when another
 * branch of the same value has the right type and failed for a better reason (an unknown key, a pattern): that
 * reason is the one to report, at its own pointer, not "wrong type" on the parent.
 */
export function withoutMismatchedBranches(errors: ErrorObject[]): ErrorObject[] {
  const unions = new Set(
    errors.filter((error) => error.keyword === 'anyOf' || error.keyword === 'oneOf').map((error) => error.instancePath),
  );
  const betterReason = new Set(
    [...unions].filter((pointer) =>
      errors.some(
        (error) => !isStructural(error) && error.keyword !== 'type' && isWithinPointer(error.instancePath, pointer),
      ),
    ),
  );
  return errors.filter((error) => !(error.keyword === 'type' && betterReason.has(error.instancePath)));
}

/** Whether an error only says that branches failed (anyOf, oneOf, if, allOf) rather than what failed in them. */
export function isStructural(error: ErrorObject): boolean {
  return error.keyword === 'anyOf' || error.keyword === 'oneOf' || error.keyword === 'if' || error.keyword === 'allOf';
}

/** Whether another, non-structural error lies at `pointer` or below it: the one to report instead of `except`. */
export function hasDeeperError(errors: ErrorObject[], pointer: string, except: ErrorObject): boolean {
  return errors.some(
    (error) => error !== except && !isStructural(error) && isWithinPointer(error.instancePath, pointer),
  );
}
