import type { MdxJsxAttribute } from 'mdast-util-mdx-jsx';
import { jsxAttribute, type JsxElement } from './jsx-attribute.ts';
import { titleMarkdown } from './title-markdown.ts';

/** A component the platform lists in the table of contents as a heading, and how. */
export interface ComponentHeading {
  depth: number;
  /** The title the platform slugs: the label as written, the step's title as text (`titleMarkdown`). */
  title: string;
  /** The component's own `id`, which the platform takes as the heading's. */
  customId: string | undefined;
}

/** Step title sizes the platform gives a heading and an id (`<Steps titleSize="h2">` or a Step's own). */
const STEP_HEADING_DEPTHS: Readonly<Record<string, number>> = { h2: 2, h3: 3 };

/**
 * `<Update label="v1.2">`: a heading of level 1 (the platform's table of contents lists every labelled update). A
 * label written as an expression or element (`label={<>v1.2</>}`) is no title the platform can slug: its text stays a
 * line of the section.
 */
export function updateHeading(node: JsxElement): ComponentHeading | undefined {
  const label = node.attributes.find(
    (attribute): attribute is MdxJsxAttribute => attribute.type === 'mdxJsxAttribute' && attribute.name === 'label',
  )?.value;
  if (node.name !== 'Update' || typeof label !== 'string' || label.trim() === '') return undefined;
  return { depth: 1, title: label.trim(), customId: ownId(node) };
}

/**
 * A `<Step>` whose title size (its own `titleSize`, else its `<Steps>`'s) is `h2` or `h3`: a heading of that level,
 * unless it says `noAnchor` or has no title (the platform's `remarkExtractTableOfContents`).
 */
export function stepHeading(node: JsxElement, stepsTitleSize: string | undefined): ComponentHeading | undefined {
  const own = jsxAttribute(node, 'titleSize');
  const size = typeof own === 'string' ? own : stepsTitleSize;
  const depth = size === undefined ? undefined : STEP_HEADING_DEPTHS[size];
  const title = jsxAttribute(node, 'title');
  const noAnchor = jsxAttribute(node, 'noAnchor');
  if (
    depth === undefined ||
    typeof title !== 'string' ||
    title.trim() === '' ||
    noAnchor === true ||
    noAnchor === 'true'
  )
    return undefined;
  return { depth, title: titleMarkdown(title.trim()).trim(), customId: ownId(node) };
}

function ownId(node: JsxElement): string | undefined {
  const id = jsxAttribute(node, 'id');
  return typeof id === 'string' && id.trim() !== '' ? id.trim() : undefined;
}
