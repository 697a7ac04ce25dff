import { fenceCode } from '../../contract/search/code-fences.ts';
import { isRecord } from '../site-model/is-record.ts';
import { cutExampleCode, MAX_BODY_EXAMPLES } from './body-examples.ts';

/**
 * An operation's own code samples (`x-codeSamples`, else `x-code-samples`: `[{lang, label?, source}]`), which the
 * platform shows as the request example (`convertCodeSamples` of `@mintlify/validation`), each as a titled code block:
 * ```` ```<lang> <label> ````. A sample without a string `lang` and `source` is left out, as there; at most
 * `MAX_BODY_EXAMPLES` samples, each cut to `MAX_EXAMPLE_CHARACTERS`; the same sample twice is shown once.
 */
export function codeSamples(operation: Record<string, unknown>): string[] {
  const samples = 'x-codeSamples' in operation ? operation['x-codeSamples'] : operation['x-code-samples'];
  if (!Array.isArray(samples)) return [];
  const blocks = new Set<string>();
  for (const sample of samples) {
    if (blocks.size >= MAX_BODY_EXAMPLES) break;
    if (!isRecord(sample) || typeof sample.lang !== 'string' || typeof sample.source !== 'string') continue;
    if (sample.source.trim() === '') continue;
    // The fence's info line holds no backtick (it would not open a fence) and its language is one word.
    const language = sample.lang.replace(/`/g, '').trim().replace(/\s+/g, '-');
    const label = typeof sample.label === 'string' ? sample.label.replace(/`/g, '').replace(/\s+/g, ' ').trim() : '';
    blocks.add(
      fenceCode(cutExampleCode(sample.source.replace(/\s+$/, '')), [language, label].filter(Boolean).join(' ')),
    );
  }
  return [...blocks];
}
