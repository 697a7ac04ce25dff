import { jsxAttribute, type JsxElement } from './jsx-attribute.ts';

/** The attribute whose value becomes a sub-heading line of the section text, per component. */
const TITLE_ATTRIBUTE: Readonly<Record<string, string>> = {
  Tab: 'title',
  Accordion: 'title',
  Step: 'title',
  Card: 'title',
  Expandable: 'title',
  Frame: 'caption',
  Update: 'label',
  View: 'title',
  Tile: 'title',
  Prompt: 'description',
};
/** Components whose `description` attribute is a line after their title (an Update's, a Tile's). */
const DESCRIBED_COMPONENTS: ReadonlySet<string> = new Set(['Update', 'Tile']);
/** Components whose text is one field line: ParamField and ResponseField. */
export const FIELD_COMPONENTS: ReadonlySet<string> = new Set(['ParamField', 'ResponseField']);
/** ParamField/ResponseField attributes that name the field, in the order they are looked up. */
const FIELD_NAME_ATTRIBUTES = ['path', 'body', 'query', 'header', 'name'];
/** Components that structure content (blocks with titles, fields, callouts): their text starts a new line. */
export const STRUCTURAL_COMPONENTS: ReadonlySet<string> = new Set([
  'ParamField',
  'ResponseField',
  'Snippet',
  'Note',
  'Tip',
  'Warning',
  'Info',
  'Check',
  'Steps',
  'Step',
  'Tabs',
  'Tab',
  'AccordionGroup',
  'Accordion',
  'Card',
  'CardGroup',
  'Columns',
  'Expandable',
  'Frame',
  'Update',
  'CodeGroup',
  'RequestExample',
  'ResponseExample',
  'Callout',
  'Danger',
  'View',
  'Tile',
  'Prompt',
]);

/**
 * Lines a component adds before its children: a Tab/Accordion/Step/Card/Expandable/View title, Frame caption, Update
 * label, Tile title, each Update's and Tile's description, and a Prompt's description.
 */
export function componentTitleLines(node: JsxElement): string[] {
  const name = node.name ?? '';
  const titleAttribute = Object.hasOwn(TITLE_ATTRIBUTE, name) ? TITLE_ATTRIBUTE[name] : undefined;
  if (titleAttribute === undefined) return [];
  const lines: string[] = [];
  const heading = jsxAttribute(node, titleAttribute);
  if (typeof heading === 'string') lines.push(heading);
  const description = DESCRIBED_COMPONENTS.has(name) ? jsxAttribute(node, 'description') : undefined;
  if (typeof description === 'string') lines.push(description);
  return lines;
}

/** A Tooltip's tip, which follows its text; undefined for other components. */
export function tooltipTip(node: JsxElement): string | undefined {
  const tip = node.name === 'Tooltip' ? jsxAttribute(node, 'tip') : undefined;
  return typeof tip === 'string' ? tip : undefined;
}

/** `ParamField body="limit" type="number" default="10" required` → "limit (number, required, default 10): …". */
export function fieldLine(node: JsxElement, description: string): string {
  let name = '';
  for (const key of FIELD_NAME_ATTRIBUTES) {
    const value = jsxAttribute(node, key);
    if (typeof value === 'string') {
      name = value;
      break;
    }
  }
  const details: string[] = [];
  const type = jsxAttribute(node, 'type');
  if (typeof type === 'string') details.push(type);
  const required = jsxAttribute(node, 'required');
  if (required === true || required === 'true') details.push('required');
  const defaultValue = jsxAttribute(node, 'default');
  if (typeof defaultValue === 'string') details.push(`default ${defaultValue}`);
  const head = details.length > 0 ? `${name} (${details.join(', ')})` : name;
  return description === '' ? head : `${head}: ${description}`;
}
