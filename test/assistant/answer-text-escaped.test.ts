import type { Nodes } from 'mdast';
import { fromMarkdown } from 'mdast-util-from-markdown';
import { gfmFromMarkdown } from 'mdast-util-gfm';
import { gfm } from 'micromark-extension-gfm';
import { describe, expect, it } from 'vitest';
import { composeAnswer } from '../../runtime/assistant/compose-answer.ts';

/** A Markdown text as a reader's renderer parses it (CommonMark + GFM): the types of its nodes and its text. */
function rendered(markdown: string): { types: Set<string>; text: string } {
  const types = new Set<string>();
  let text = '';
  const visit = (node: Nodes): void => {
    types.add(node.type);
    if ('value' in node) text += node.value;
    if ('children' in node) for (const child of node.children) visit(child);
  };
  visit(fromMarkdown(markdown, { extensions: [gfm()], mdastExtensions: [gfmFromMarkdown()] }));
  return { types, text };
}

describe("offline answers keep the documentation's literal text literal when rendered as Markdown", () => {
  it('a sentence quoting __version__ shows it, not a bold "version"', () => {
    const answer = composeAnswer('does __version__ match the packaged mem0-cli version', undefined, [
      {
        number: 1,
        title: 'SDK changelog › v1.0.4',
        text: 'Python package version: __version__ now matches the packaged mem0-cli version.',
      },
    ]).join('');
    expect(rendered(answer).types.has('strong')).toBe(false);
    expect(rendered(answer).text).toContain('Python package version: __version__ now matches');
  });

  it('a list item that starts with >= stays a list item, not a quote', () => {
    const answer = composeAnswer('what context length does ollama default to based on vram', undefined, [
      {
        number: 1,
        title: 'Context length',
        text: [
          'Context length is the maximum number of tokens that the model has access to in memory.',
          'Ollama defaults to the following context lengths based on VRAM:',
          '- < 24 GiB VRAM: 4k context',
          '- 24-48 GiB VRAM: 32k context',
          '- >= 48 GiB VRAM: 256k context',
        ].join('\n'),
      },
    ]).join('');
    expect(answer).toContain('48 GiB VRAM: 256k context');
    expect(rendered(answer).types.has('blockquote')).toBe(false);
    expect(rendered(answer).text).toContain('>= 48 GiB VRAM: 256k context');
  });
});
