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

describe("offline answers quote the documentation's text as written, and a line never opens a block", () => {
  it("quotes the documentation's words as written (a fact stays findable in the text), escaping no inline syntax", () => {
    const answer = composeAnswer('cron expression to run a job every 5 minutes', undefined, [
      {
        number: 1,
        title: 'Cron jobs › Schedule',
        text: 'Use the cron expression */5 * * * * to run the job every 5 minutes; the prefix CHECKLY_SECRET_ marks secrets.',
      },
    ]).join('');
    expect(answer).toContain('*/5 * * * *');
    expect(answer).toContain('CHECKLY_SECRET_ marks');
    expect(answer).not.toContain('\\');
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
