import type { FormatDefinition } from 'ajv';

/**
 * The string formats docs.schema.json uses. The platform checks URLs with the WHATWG parser (`new URL`), which trims
 * surrounding spaces and accepts what browsers accept; RFC 3986's stricter grammar would fail sites that deploy.
 */
export const docsSchemaFormats: Record<'uri' | 'uri-reference', FormatDefinition<string>> = {
  uri: { type: 'string', validate: (value: string) => URL.canParse(value) },
  'uri-reference': { type: 'string', validate: (value: string) => URL.canParse(value, 'https://site.invalid/') },
};
