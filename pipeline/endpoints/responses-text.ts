import { isRecord } from '../site-model/is-record.ts';
import { bodyExamples } from './body-examples.ts';
import { descriptionText } from './description-text.ts';
import { firstSchema, schemaFields } from './schema-fields.ts';

/** Levels of nested response fields listed (`data.items[].id` is three). */
const RESPONSE_FIELD_DEPTH = 2;
/** Most characters of a response description in an example's label. */
const MAX_LABEL_DESCRIPTION = 80;

/**
 * The text of an operation's Responses section: for each status, `200: <description>`, its body's fields, then its
 * examples (`bodyExamples`) labelled `Example: 200 · <summary or name>`, or `Example: 200 · <description's first
 * sentence>` for a body's one example. A body without an example gets none built from its schema (decision 0259). '' without responses.
 */
export function responsesText(responses: unknown): string {
  if (!isRecord(responses)) return '';
  const parts: string[] = [];
  for (const [status, response] of Object.entries(responses)) {
    if (!isRecord(response)) continue;
    const description = descriptionText(response.description);
    const content = response.content;
    const schema = firstSchema(content);
    parts.push(
      [
        `${status}: ${description}`.replace(/: $/, ''),
        ...(schema ? schemaFields(schema, '', 0, new Set(), RESPONSE_FIELD_DEPTH) : []),
      ].join('\n'),
    );
    const unnamed = labelDescription(description);
    parts.push(
      ...bodyExamples(content, {
        label: (name) => `Example: ${status}${(name ?? unnamed) ? ` · ${name ?? unnamed}` : ''}`,
        direction: 'response',
      }),
    );
  }
  return parts.join('\n');
}

/** The first sentence of a response description, cut to `MAX_LABEL_DESCRIPTION` characters. */
function labelDescription(description: string): string {
  const end = description.search(/\.\s/);
  const sentence = end > 0 ? description.slice(0, end + 1) : description;
  return sentence.length <= MAX_LABEL_DESCRIPTION
    ? sentence
    : `${sentence.slice(0, MAX_LABEL_DESCRIPTION - 1).trimEnd()}…`;
}
