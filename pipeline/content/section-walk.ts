import type { Nodes } from 'mdast';
import { fenceCode } from '../../contract/search/code-fences.ts';
import { codeBlockTitle } from './code-block-title.ts';
import { collapseWhitespace } from './collapse-whitespace.ts';
import { stepHeading, updateHeading, type ComponentHeading } from './component-headings.ts';
import { componentTitleLines, fieldLine, FIELD_COMPONENTS, tooltipTip } from './component-text.ts';
import { htmlText } from './html-text.ts';
import { plainInlineStyle, type InlineStyle } from './inline-style.ts';
import { InlineText } from './inline-text.ts';
import { NestingDepth } from './nesting-depth.ts';
import { tableCells } from './html-table-cells.ts';
import { jsxAttribute, type JsxElement } from './jsx-attribute.ts';
import { headingDepth } from './jsx-heading.ts';
import type { SectionWriter } from './section-writer.ts';
import { fieldDescriptionLength, startsOwnLine } from './text-flow.ts';
import { headingTitle } from './heading-title.ts';
import { MARKDOWN_TITLE_COMPONENTS, titleMarkdown } from './title-markdown.ts';

/** Components whose headings the platform leaves out of the table of contents (`COMPONENTS_TO_EXCLUDE_HEADINGS`). */
const UNLISTING_COMPONENTS = new Set(['Accordion', 'AccordionGroup', 'Expandable', 'Update', 'Prompt']);

/** Options of a `SectionWalk`. */
export interface SectionWalkOptions {
  /** How inline text is written (default `plainInlineStyle`). */
  style?: InlineStyle;
  /** The URL of the page's link definition of an identifier (default: none). */
  definitionUrl?: (identifier: string) => string | undefined;
  /** A `mode: custom` or `frame` page: Markdown headings get no id, JSX headings only their own (default false). */
  idlessHeadings?: boolean;
}

/**
 * The text of one page: block nodes become lines of the section writer, phrasing nodes join the current line, written
 * in `style` (plain text by default); `definitionUrl` gives the URL of the page's link definition of an identifier.
 */
export class SectionWalk {
  private readonly nesting = new NestingDepth();
  private readonly inline: InlineText;
  private readonly style: InlineStyle;
  private readonly idlessHeadings: boolean;
  /** How many components that keep headings out of the table of contents (`UNLISTING_COMPONENTS`) the walk is in. */
  private unlisted = 0;
  /** Rows written of the HTML `<table>` the walk is in: its first `<tr>` is the header row. */
  private htmlRows = 0;
  /**
   * How many `<Snippet file>` elements the walk is in: the platform injects their content after SmartyPants ran on the
   * page (`remarkMdxInjectSnippets`), so their headings' titles keep straight quotes (`headingTitle`, `curled` false).
   */
  private legacySnippets = 0;

  /**
   * @param writer Where the lines and headings go.
   * @param options `style` of inline text (default plain), `definitionUrl` of a link reference (default none), and
   * `idlessHeadings`: a `mode: custom` or `frame` page, whose Markdown headings the platform gives no id and whose JSX
   * headings only their own `id` (default false).
   */
  constructor(
    private readonly writer: SectionWriter,
    options: SectionWalkOptions = {},
  ) {
    this.style = options.style ?? plainInlineStyle;
    this.idlessHeadings = options.idlessHeadings ?? false;
    this.inline = new InlineText(this.nesting, this.style, options.definitionUrl ?? (() => undefined));
  }

  /** Walks the top-level nodes of a tree (the page's or an inlined snippet's); `headingIds` are that file's custom ids by line. */
  blocks(children: readonly Nodes[], headingIds: ReadonlyMap<number, string>): void {
    for (const child of children) this.block(child, headingIds);
  }

  private block(node: Nodes, headingIds: ReadonlyMap<number, string>): void {
    this.nesting.enter();
    try {
      this.blockNode(node, headingIds);
    } finally {
      this.nesting.leave();
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
        const text = collapseWhitespace(this.inline.children(node.children));
        if (text === '') return;
        const line = node.position?.start.line ?? 0;
        const customId = headingIds.get(line);
        // The platform rewrites `## Title {#id}` to a JSX heading before it parses the page.
        this.writer.heading(node.depth, text, line, {
          title: headingTitle(node, this.legacySnippets === 0),
          customId,
          jsx: customId !== undefined,
          unlisted: this.unlisted > 0 || this.idlessHeadings,
          unanchored: this.idlessHeadings && customId === undefined,
        });
        return;
      }
      case 'table':
        if (this.style.separatesTables) this.writer.separate();
        node.children.forEach((row, index) =>
          this.writer.emit(
            this.style.tableRow(
              row.children.map((cell) => collapseWhitespace(this.inline.children(cell.children))),
              index === 0,
            ),
          ),
        );
        if (this.style.separatesTables) this.writer.separate();
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
        this.writer.emit(collapseWhitespace(htmlText(node.value)));
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
        line += this.inline.of(child);
      }
    }
    this.writer.emit(collapseWhitespace(line));
  }

  private component(node: JsxElement, headingIds: ReadonlyMap<number, string>): void {
    const snippet = node.data?.snippet;
    if (snippet !== undefined) {
      const legacy = node.name === 'Snippet';
      if (legacy) this.legacySnippets++;
      try {
        this.blocks(node.children as Nodes[], snippet.headingIds);
      } finally {
        if (legacy) this.legacySnippets--;
      }
      return;
    }
    if (FIELD_COMPONENTS.has(node.name ?? '')) {
      this.fieldComponent(node, headingIds);
      return;
    }
    if (node.type === 'mdxJsxFlowElement' && this.jsxHeading(node)) return;
    if (node.name === 'table' || node.name === 'tr') {
      this.htmlTable(node, headingIds);
      return;
    }
    if (node.name === 'Steps') {
      this.steps(node, headingIds);
      return;
    }
    const update = node.type === 'mdxJsxFlowElement' ? updateHeading(node) : undefined;
    if (update) this.componentHeading(update, update.title, node);
    // An update's label is its heading; its tags and description are the first lines under it.
    // A title the platform reads as Markdown is written in the walk's style; other lines are literal text.
    const markdownTitle =
      MARKDOWN_TITLE_COMPONENTS.has(node.name ?? '') && typeof jsxAttribute(node, 'title') === 'string';
    const titleLines = componentTitleLines(node)
      .slice(update ? 1 : 0)
      .map((line, index) => (index === 0 && markdownTitle ? titleMarkdown(line, this.style) : this.style.text(line)));
    const href = jsxAttribute(node, 'href');
    // A Card's title is the link its `href` opens.
    if (titleLines[0] !== undefined && typeof href === 'string') titleLines[0] = this.style.link(titleLines[0], href);
    for (const line of titleLines) this.writer.emit(collapseWhitespace(line));
    const unlisting = UNLISTING_COMPONENTS.has(node.name ?? '') ? 1 : 0;
    this.unlisted += unlisting;
    try {
      this.blockChildren(node.children as Nodes[], headingIds);
    } finally {
      this.unlisted -= unlisting;
    }
    const tip = tooltipTip(node);
    if (tip !== undefined) this.writer.emit(collapseWhitespace(this.style.text(tip)));
  }

  /**
   * An HTML `<table>` as a Markdown table is written (`style.tableRow`, set apart where the style sets tables apart):
   * each `<tr>` a row, the first of its table the header, a cell's lines joined by spaces.
   */
  private htmlTable(node: JsxElement, headingIds: ReadonlyMap<number, string>): void {
    if (node.name === 'tr') {
      const cells = tableCells(node.children as Nodes[]).map((cell) =>
        collapseWhitespace(
          this.writer.capture(() => this.blockChildren(cell.children as Nodes[], headingIds)).join(' '),
        ),
      );
      if (cells.length === 0) return;
      this.writer.emit(this.style.tableRow(cells, this.htmlRows === 0));
      this.htmlRows += 1;
      return;
    }
    const outer = this.htmlRows;
    this.htmlRows = 0;
    if (this.style.separatesTables) this.writer.separate();
    this.blockChildren(node.children as Nodes[], headingIds);
    if (this.style.separatesTables) this.writer.separate();
    this.htmlRows = outer;
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
    const text = collapseWhitespace(this.inline.children(node.children as Nodes[]));
    const id = jsxAttribute(node, 'id');
    if (text !== '')
      this.writer.heading(depth, text, node.position?.start.line ?? 0, {
        title: headingTitle(node, this.legacySnippets === 0),
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
      description += child.type === 'paragraph' ? ` ${this.inline.children(child.children)}` : this.inline.of(child);
    this.writer.emit(fieldLine(node, collapseWhitespace(description), this.style.text));
    this.blockChildren(children.slice(descriptionLength), headingIds);
  }
}

function isStep(node: Nodes): node is JsxElement & Nodes {
  return (node.type === 'mdxJsxFlowElement' || node.type === 'mdxJsxTextElement') && node.name === 'Step';
}
