import { jsxAttribute, jsxStringList, type JsxElement } from './jsx-attribute.ts';

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
  'Tree.Folder': 'name',
  'Tree.File': 'name',
  'Color.Item': 'name',
};
/** Components whose `description` attribute is a line after their title (an Update's, a Tile's, an Accordion's). */
const DESCRIBED_COMPONENTS: ReadonlySet<string> = new Set(['Update', 'Tile', 'Accordion']);
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
  'Tree',
  'Tree.Folder',
  'Tree.File',
  'Color',
  'Color.Item',
]);

/**
 * Lines a component adds before its children: a Tab/Accordion/Step/Card/Expandable/View title, Frame caption, Update
 * label, Tile title, each Update's, Tile's and Accordion's description, an Update's tags, a Prompt's description, and
 * the name of a file tree's folder or file and of a colour swatch.
 */
export function componentTitleLines(node: JsxElement): string[] {
  const name = node.name ?? '';
  const titleAttribute = Object.hasOwn(TITLE_ATTRIBUTE, name) ? TITLE_ATTRIBUTE[name] : undefined;
  if (titleAttribute === undefined) return [];
  const lines: string[] = [];
  const heading = jsxAttribute(node, titleAttribute);
  if (typeof heading === 'string') lines.push(heading);
  // An Update shows its tags with its label, its description below both.
  const tags = name === 'Update' ? jsxStringList(node, 'tags') : [];
  if (tags.length > 0) lines.push(tags.join(', '));
  const description = DESCRIBED_COMPONENTS.has(name) ? jsxAttribute(node, 'description') : undefined;
  if (typeof description === 'string') lines.push(description);
  return lines;
}

/** A Tooltip's tip and its call to action (`cta`), which follow its text; undefined for other components. */
export function tooltipTip(node: JsxElement): string | undefined {
  if (node.name !== 'Tooltip') return undefined;
  const parts = [jsxAttribute(node, 'tip'), jsxAttribute(node, 'cta')].filter(
    (part): part is string => typeof part === 'string' && part.trim() !== '',
  );
  return parts.length > 0 ? parts.join(' ') : undefined;
}

/**
 * `ParamField body="limit" type="number" default="10" required` → "limit (number, required, default 10): …"; a
 * ResponseField's `pre` and `post` labels join the details, which `text` writes (as they are by default).
 */
export function fieldLine(node: JsxElement, description: string, text = (value: string) => value): string {
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
  // Python generators write `required="True"`; any other string ("false", "yes") is not the mark.
  if (required === true || required?.toLowerCase() === 'true') details.push('required');
  const defaultValue = jsxAttribute(node, 'default');
  if (typeof defaultValue === 'string') details.push(`default ${defaultValue}`);
  details.push(...jsxStringList(node, 'pre'), ...jsxStringList(node, 'post'));
  const head = text(details.length > 0 ? `${name} (${details.join(', ')})` : name);
  return description === '' ? head : `${head}: ${description}`;
}
