import { describe, expect, it } from 'vitest';
import { introducesOutput } from '../../runtime/assistant/introduces-output.ts';

describe('a line introducing what a step prints, not what to run', () => {
  it('reads what the reader will see, output labels and lines naming output before a colon as output', () => {
    for (const line of [
      'You should see:',
      'The page looks like this.',
      'Example output:',
      'Response',
      'Example response (200)',
      'Sample results:',
      'The command prints the following output:',
    ])
      expect(introducesOutput(line), line).toBe(true);
  });

  it('reads a sentence that only mentions output, or a step, as code to run', () => {
    for (const line of [
      'You can use the `pretty` function to beautify the output.',
      'Parse the response with JSON.parse.',
      'To prevent data loss, which could result in a corrupted database, create a snapshot:',
      'Run the build:',
    ])
      expect(introducesOutput(line), line).toBe(false);
  });
});
