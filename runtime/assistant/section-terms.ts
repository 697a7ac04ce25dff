import { prepareText } from '../../contract/search/prepare-text.ts';
import { memoizeByText } from './memoize-by-text.ts';

const termsOfText = memoizeByText((titleAndText): ReadonlySet<string> => new Set(prepareText(titleAndText)));

/** The terms of a section's title and text (code included), memoised by the two. */
export function termsOfSection(section: { title: string; text: string }): ReadonlySet<string> {
  return termsOfText(`${section.title}\n${section.text}`);
}
