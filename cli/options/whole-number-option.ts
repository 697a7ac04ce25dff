import { InvalidArgumentError } from 'commander';
import { parseWholeNumber } from '../whole-number-from-environment.ts';

/** A commander parser of a whole-number flag: "Unexpected abc, expected a whole number ≥ 1", as for the environment. */
export function wholeNumberOption(minimum: number): (value: string) => number {
  return (value) => {
    const number = parseWholeNumber(value, minimum);
    if (number === undefined)
      throw new InvalidArgumentError(`Unexpected ${value}, expected a whole number ≥ ${minimum}`);
    return number;
  };
}
