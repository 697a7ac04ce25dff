import type { Nodes } from 'mdast';
import { fenceCode } from '../../contract/search/code-fences.ts';
import { codeBlockTitle } from './code-block-title.ts';
import { collapseWhitespace } from './collapse-whitespace.ts';
import { stepHeading, updateHeading, type ComponentHeading } from './component-headings.ts';
import { componentTitleLines, fieldLine, FIELD_COMPONENTS, tooltipTip } from './component-text.ts';
import { tableCells } from './html-table-cells.ts';
import { jsxAttribute, type JsxElement } from './jsx-attribute.ts';
import { headingDepth } from './jsx-heading.ts';
import type { SectionWriter } from './section-writer.ts';
import { fieldDescriptionLength, separatesWords, startsOwnLine } from './text-flow.ts';
import { headingTitle } from './heading-title.ts';

const HTML_TAG = /<[^>]*>/g;
/** Components whose headings the platform leaves out of the table of contents (`COMPONENTS_TO_EXCLUDE_HEADINGS`). */
const UNLISTING_COMPONENTS = new Set(['Accordion', 'AccordionGroup', 'Expandable', 'Update', 'Prompt']);

/**
 * How deep the section walk follows nested elements; deeper is a `nesting too deep` error on every Node version,
 * instead of whatever depth the engine's stack happens to allow (Node 20 and 24 differ).
 */
export const MAX_PAGE_NESTING = 500;

/** The text of one page: block nodes become lines of the section writer, phrasing nodes join the current line. */
export class SectionWalk {
  private depth = 0;
  /** How many components that keep headings out of the table of contents (`UNLISTING_COMPONENTS`) the walk is in. */
  private unlisted = 0;

  /**
   * @param writer Where the lines and headings go.
   * @param idlessHeadings A `mode: custom` or `frame` page: the platform gives its Markdown headings no id and its JSX
   * headings only their own `id` (default false).
   */
  constructor(
    private readonly writer: SectionWriter,
    private readonly idlessHeadings = false,
  ) {}

  /** Goes one level deeper, refusing past MAX_PAGE_NESTING with a RangeError, as a stack overflow would. */
  private descend(): void {
    if (this.depth >= MAX_PAGE_NESTING) throw new RangeError(`nesting deeper than ${MAX_PAGE_NESTING} levels`);
    this.depth += 1;
  }

  /** Walks the top-level nodes of a tree (the page's or an inlined snippet's); `headingIds` are that file's custom ids by line. */
  blocks(children: readonly Nodes[], headingIds: ReadonlyMap<number, string>): void {
    for (const child of children) this.block(child, headingIds);
  }

  private block(node: Nodes, headingIds: ReadonlyMap<number, string>): void {
    this.descend();
    try {
      this.blockNode(node, headingIds);
    } finally {
      this.depth -= 1;
    }
  }

  private blockNode(node: Nodes, headingIds: ReadonlyMap<number, string>): void {
    switch (node.type) {
      case 'yaml':
      case 'mdxFlowExpression':
      case 'thematicBreak':
      case 'definition':
      case 'mdxjsEsm':
        return;
      case 'heading': {
        const text = collapseWhitespace(this.inlineChildren(node.children));
        if (text === '') return;
        const line = node.position?.start.line ?? 0;
        const customId = headingIds.get(line);
        // The platform rewrites `## Title {#id}` to a JSX heading before it parses the page.
        this.writer.heading(node.depth, text, line, {
          title: headingTitle(node),
          customId,
          jsx: customId !== undefined,
          unlisted: this.unlisted > 0 || this.idlessHeadings,
          unanchored: this.idlessHeadings && customId === undefined,
        });
        return;
      }
      case 'tableRow':
        this.writer.emit(
          node.children.map((cell) => collapseWhitespace(this.inlineChildren(cell.children))).join(' | '),
        );
        return;
      case 'code':
        if (node.value.trim() !== '') {
          const title = node.lang ? codeBlockTitle(node.meta) : undefined;
          this.writer.emit(fenceCode(node.value, title ? `${node.lang} ${title}` : (node.lang ?? undefined)));
        }
        return;
      case 'math':
        if (node.value.trim() !== '') this.writer.emit(`$$\n${node.value.trim()}\n$$`);
        return;
      case 'html':
        this.writer.emit(collapseWhitespace(node.value.replace(HTML_TAG, ' ')));
        return;
      case 'list':
        node.children.forEach((item, position) =>
          this.writer.item(node.ordered ? `${(node.start ?? 1) + position}. ` : '- ', () =>
            this.blockChildren(item.children, headingIds),
          ),
        );
        return;
      case 'mdxJsxFlowElement':
      case 'mdxJsxTextElement':
        this.component(node, headingIds);
        return;
      case 'paragraph':
        this.blockChildren(node.children, headingIds);
        return;
      default:
        if ('children' in node) this.blockChildren(node.children as Nodes[], headingIds);
    }
  }

  /** Joins consecutive phrasing nodes into one line; hands block nodes and block components to `block`. */
  private blockChildren(children: readonly Nodes[], headingIds: ReadonlyMap<number, string>): void {
    let line = '';
    for (const child of children) {
      if (startsOwnLine(child)) {
        this.writer.emit(collapseWhitespace(line));
        line = '';
        this.block(child, headingIds);
      } else {
        line += this.inline(child);
      }
    }
    this.writer.emit(collapseWhitespace(line));
  }

  private component(node: JsxElement, headingIds: ReadonlyMap<number, string>): void {
    const snippet = node.data?.snippet;
    if (snippet !== undefined) {
      this.blocks(node.children as Nodes[], snippet.headingIds);
      return;
    }
    if (FIELD_COMPONENTS.has(node.name ?? '')) {
      this.fieldComponent(node, headingIds);
      return;
    }
    if (node.type === 'mdxJsxFlowElement' && this.jsxHeading(node)) return;
    if (node.name === 'tr') {
      this.writer.emit(
        tableCells(node.children as Nodes[])
          .map((cell) =>
            collapseWhitespace(
              this.writer.capture(() => this.blockChildren(cell.children as Nodes[], headingIds)).join(' '),
            ),
          )
          .join(' | '),
      );
      return;
    }
    if (node.name === 'Steps') {
      this.steps(node, headingIds);
      return;
    }
    const update = node.type === 'mdxJsxFlowElement' ? updateHeading(node) : undefined;
    if (update) this.componentHeading(update, update.title, node);
    // An update's label is its heading; its tags and description are the first lines under it.
    for (const line of componentTitleLines(node).slice(update ? 1 : 0)) this.writer.emit(collapseWhitespace(line));
    const unlisting = UNLISTING_COMPONENTS.has(node.name ?? '') ? 1 : 0;
    this.unlisted += unlisting;
    try {
      this.blockChildren(node.children as Nodes[], headingIds);
    } finally {
      this.unlisted -= unlisting;
    }
    const tip = tooltipTip(node);
    if (tip !== undefined) this.writer.emit(collapseWhitespace(tip));
  }

  /**
   * `<Steps>`: each `<Step>` an item of a numbered list (its title the item's first line), numbered in order or by its
   * `stepNumber`, as the platform shows it; a step titled as a heading (`titleSize` `h2`/`h3`, `stepHeading`) opens a
   * section under its number and title instead.
   */
  private steps(node: JsxElement, headingIds: ReadonlyMap<number, string>): void {
    const titleSize = jsxAttribute(node, 'titleSize');
    let number = 0;
    for (const child of node.children as Nodes[]) {
      if (isStep(child)) {
        const stated = jsxAttribute(child, 'stepNumber');
        number = typeof stated === 'string' && /^\d{1,3}$/.test(stated.trim()) ? Number(stated) : number + 1;
        const heading =
          child.type === 'mdxJsxFlowElement'
            ? stepHeading(child, typeof titleSize === 'string' ? titleSize : undefined)
            : undefined;
        if (heading) {
          this.componentHeading(heading, `${number}. ${heading.title}`, child);
          this.blockChildren(child.children as Nodes[], headingIds);
        } else this.writer.item(`${number}. `, () => this.block(child, headingIds));
      } else this.blockChildren([child], headingIds);
    }
  }

  /** A component the platform lists as a heading (`component-headings.ts`): a section under `text`, anchored by its title or id. */
  private componentHeading(heading: ComponentHeading, text: string, node: JsxElement): void {
    this.writer.heading(heading.depth, collapseWhitespace(text), node.position?.start.line ?? 0, {
      title: heading.title,
      customId: heading.customId,
      jsx: true,
      unlisted: this.unlisted > 0,
    });
  }

  /**
   * A JSX heading element (`<h2 id="custom">Title</h2>`, a block: alone on its line, `remarkUnravelJsx`): a heading of that depth,
   * anchored as the platform renders it (`AnchorSlugger`). False when the element is not `h1`…`h6`.
   */
  private jsxHeading(node: JsxElement): boolean {
    const depth = headingDepth(node);
    // A heading a component's body renders is text of the page, not a heading of it (the platform's table of contents skips it).
    if (depth === undefined || node.data?.renderedBy !== undefined) return false;
    const text = collapseWhitespace(this.inlineChildren(node.children as Nodes[]));
    const id = jsxAttribute(node, 'id');
    if (text !== '')
      this.writer.heading(depth, text, node.position?.start.line ?? 0, {
        title: headingTitle(node),
        customId: typeof id === 'string' && id.trim() !== '' ? id.trim() : undefined,
        jsx: true,
        unlisted: this.unlisted > 0 || this.idlessHeadings,
      });
    return true;
  }

  /** ParamField/ResponseField: one line "name (type, required, default x): leading text", then the rest. */
  private fieldComponent(node: JsxElement, headingIds: ReadonlyMap<number, string>): void {
    const children = node.children as Nodes[];
    const descriptionLength = fieldDescriptionLength(children);
    let description = '';
    for (const child of children.slice(0, descriptionLength))
      description += child.type === 'paragraph' ? ` ${this.inlineChildren(child.children)}` : this.inline(child);
    this.writer.emit(fieldLine(node, collapseWhitespace(description)));
    this.blockChildren(children.slice(descriptionLength), headingIds);
  }

  private inline(node: Nodes): string {
    this.descend();
    try {
      return separatesWords(node) ? ` ${this.inlineNode(node)} ` : this.inlineNode(node);
    } finally {
      this.depth -= 1;
    }
  }

  private inlineNode(node: Nodes): string {
    switch (node.type) {
      case 'text':
      case 'inlineCode':
        return node.value;
      case 'inlineMath':
        return `$${node.value}$`;
      case 'break':
        return ' ';
      case 'image':
      case 'imageReference':
        return node.alt ?? '';
      case 'html':
        return node.value.replace(HTML_TAG, ' ');
      case 'mdxJsxTextElement': {
        const content = this.inlineChildren(node.children);
        const tip = tooltipTip(node);
        return tip === undefined ? content : `${content} (${tip})`;
      }
      case 'mdxTextExpression':
      case 'footnoteReference':
        return '';
      default:
        return 'children' in node ? this.inlineChildren(node.children as Nodes[]) : '';
    }
  }

  private inlineChildren(children: readonly Nodes[]): string {
    let joined = '';
    for (const child of children) joined += this.inline(child);
    return joined;
  }
}

function isStep(node: Nodes): node is JsxElement & Nodes {
  return (node.type === 'mdxJsxFlowElement' || node.type === 'mdxJsxTextElement') && node.name === 'Step';
}
