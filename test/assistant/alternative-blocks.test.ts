import { describe, expect, it } from 'vitest';
import { fenceCode } from '../../contract/search/code-fences.ts';
import { alternativeBlockGroups } from '../../runtime/assistant/alternative-blocks.ts';

describe('alternativeBlockGroups', () => {
  it('groups tabs (a label line over each block) and code groups (titled fences side by side)', () => {
    const text = [
      'Install the CLI:',
      'macOS',
      fenceCode('brew install relay', 'bash'),
      'Linux',
      fenceCode('curl -fsSL https://relay.dev/install.sh | sh', 'bash'),
      'Then add the SDK to your project.',
      fenceCode('npm install @relay/sdk', 'bash npm'),
      fenceCode('pnpm add @relay/sdk', 'bash pnpm'),
    ].join('\n');
    expect(alternativeBlockGroups(text).map((group) => group.map((block) => block.code))).toEqual([
      ['brew install relay', 'curl -fsSL https://relay.dev/install.sh | sh'],
      ['npm install @relay/sdk', 'pnpm add @relay/sdk'],
    ]);
  });

  it('leaves apart blocks a sentence separates, and an untitled block that follows another', () => {
    const text = [
      'Start the server:',
      fenceCode('relay serve', 'bash'),
      'It prints the address it listens on.',
      fenceCode('listening on :8080', 'text'),
      fenceCode('relay status', 'bash'),
    ].join('\n');
    expect(alternativeBlockGroups(text)).toEqual([]);
  });
});
