import { describe, expect, it } from 'vitest';
import { descriptionLines } from '../../pipeline/endpoints/description-text.ts';

describe('spec descriptions read as the platform compiles them (MDX)', () => {
  it('reads Markdown and MDX into lines, marks dropped', () => {
    expect(descriptionLines('Lists **users**.\n\n- one\n- two\n\n<div>In a block.</div>')).toEqual([
      'Lists users.',
      '- one',
      '- two',
      'In a block.',
    ]);
  });

  it('keeps a description that is no valid MDX as the text it is, placeholders like `<hex>` included', () => {
    expect(
      descriptionLines(
        'Signed as v1=<hex>, where <hex> is HMAC-SHA256(secret, "<timestamp>.<raw_body>").\n\nSee below.',
      ),
    ).toEqual(['Signed as v1=<hex>, where <hex> is HMAC-SHA256(secret, "<timestamp>.<raw_body>"). See below.']);
    expect(descriptionLines('Send <key> again only with the same body.')).toEqual([
      'Send <key> again only with the same body.',
    ]);
  });
});
