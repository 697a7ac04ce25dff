import type { Nodes, Root } from 'mdast';
import type { VFile } from 'vfile';
import { fenceCode } from '../../contract/search/code-fences.ts';
import { codeBlockTitle } from './code-block-title.ts';
import { componentTitleLines, fieldLine, FIELD_COMPONENTS, tooltipTip } from './component-text.ts';
import { jsxAttribute, type JsxElement } from './jsx-attribute.ts';
import './page-data.ts';
import { pageKind } from './parse-page-tree.ts';
import { MAX_SECTIONS_PER_PAGE, SectionWriter } from './section-writer.ts';
import { fieldDescriptionLength, startsOwnLine } from './text-flow.ts';
import { headingTitle } from './heading-title.ts';

const HTML_TAG = /<[^>]*>/g;
/** A JSX heading element written in MDX (`<h2 id="custom">Title</h2>`): a heading like `## Title {#custom}`. */
const JSX_HEADING = /^h([1-6])$/;
/** HTML table cells written in MDX: a row's cells are one line, joined like a Markdown table row's. */
const TABLE_CELL = /^t[dh]$/;
/** Components whose headings the platform leaves out of the table of contents (`COMPONENTS_TO_EXCLUDE_HEADINGS`). */
const UNLISTING_COMPONENTS = new Set(['Accordion', 'AccordionGroup', 'Expandable', 'Update', 'Prompt']);
/** Whitespace to collapse to one space: runs of two or more, or one character other than a space (a lone space is left as it is, so most text is not copied). */
const WHITESPACE = /\s{2,}|[^\S ]/g;

/**
 * Unified plugin (after `remarkInlineSnippets`): walks the page tree in document order and writes
 * `file.data.pageSections`, the headings and the text split into sections at each Markdown heading or JSX heading
 * element (`<h2 id="…">`; anchored by its custom id from `file.data.customHeadingIds` or its `id`, else the platform's id of its text, `AnchorSlugger`). Inlined snippets (`data.snippet`) are walked
 * where they stand, with their own custom ids, so their text lands in the section they are used in. Component text
 * (titles, captions, fields, tooltips) is component-text.ts. A tree nested too deep to walk gets an error in
 * `file.data.pageDiagnostics` and no sections.
 */
export function remarkPageSections() {
  return (tree: Root, file: VFile): void => {
    const writer = new SectionWriter();
    try {
      new SectionWalk(writer).blocks(tree.children, file.data.customHeadingIds ?? new Map());
    } catch (error) {
      if (!(error instanceof RangeError)) throw error;
      const ruleId = pageKind(file.path) === 'mdx' ? 'mdx-parse' : 'markdown-parse';
      (file.data.pageDiagnostics ??= []).push({
        file: file.path,
        line: 1,
        column: 1,
        severity: 'error',
        ruleId,
        message: `Unexpected nesting too deep to read, expected elements nested at most ${MAX_PAGE_NESTING} levels deep`,
      });
      writer.discard();
    }
    writer.close();
    if (writer.cappedAt !== undefined) {
      (file.data.pageDiagnostics ??= []).push({
        file: file.path,
        line: writer.cappedAt,
        column: 1,
        severity: 'warning',
        ruleId: 'too-many-sections',
        message: `Unexpected heading past the ${MAX_SECTIONS_PER_PAGE.toLocaleString('en-US')}th of the page, expected at most ${MAX_SECTIONS_PER_PAGE.toLocaleString('en-US')} sections per page: this heading and the next are text of the last section`,
        hint: 'Split the page: its text is all indexed, but these headings get no anchor and no section of their own.',
      });
    }
    file.data.pageSections = { headings: writer.headings, sections: writer.sections };
  };
}

/**
 * How deep the section walk follows nested elements; deeper is a `nesting too deep` error on every Node version,
 * instead of whatever depth the engine's stack happens to allow (Node 20 and 24 differ).
 */
export const MAX_PAGE_NESTING = 500;

/** The text of one page: block nodes become lines of the section writer, phrasing nodes join the current line. */
class SectionWalk {
  private depth = 0;
  /** How many components that keep headings out of the table of contents (`UNLISTING_COMPONENTS`) the walk is in. */
  private unlisted = 0;

  constructor(private readonly writer: SectionWriter) {}

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
        const text = collapse(this.inlineChildren(node.children));
        if (text === '') return;
        const line = node.position?.start.line ?? 0;
        const customId = headingIds.get(line);
        // The platform rewrites `## Title {#id}` to a JSX heading before it parses the page.
        this.writer.heading(node.depth, text, line, {
          title: headingTitle(node),
          customId,
          jsx: customId !== undefined,
          unlisted: this.unlisted > 0,
        });
        return;
      }
      case 'tableRow':
        this.writer.emit(node.children.map((cell) => collapse(this.inlineChildren(cell.children))).join(' | '));
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
        this.writer.emit(collapse(node.value.replace(HTML_TAG, ' ')));
        return;
      case 'mdxJsxFlowElement':
      case 'mdxJsxTextElement':
        this.component(node, headingIds);
        return;
      case 'paragraph': {
        const heading = soleJsxHeading(node.children);
        if (heading) this.jsxHeading(heading);
        else this.blockChildren(node.children, headingIds);
        return;
      }
      default:
        if ('children' in node) this.blockChildren(node.children as Nodes[], headingIds);
    }
  }

  /** Joins consecutive phrasing nodes into one line; hands block nodes and block components to `block`. */
  private blockChildren(children: readonly Nodes[], headingIds: ReadonlyMap<number, string>): void {
    let line = '';
    for (const child of children) {
      if (startsOwnLine(child)) {
        this.writer.emit(collapse(line));
        line = '';
        this.block(child, headingIds);
      } else {
        line += this.inline(child);
      }
    }
    this.writer.emit(collapse(line));
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
            collapse(this.writer.capture(() => this.blockChildren(cell.children as Nodes[], headingIds)).join(' ')),
          )
          .join(' | '),
      );
      return;
    }
    for (const line of componentTitleLines(node)) this.writer.emit(collapse(line));
    const unlisting = UNLISTING_COMPONENTS.has(node.name ?? '') ? 1 : 0;
    this.unlisted += unlisting;
    try {
      this.blockChildren(node.children as Nodes[], headingIds);
    } finally {
      this.unlisted -= unlisting;
    }
    const tip = tooltipTip(node);
    if (tip !== undefined) this.writer.emit(collapse(tip));
  }

  /**
   * A JSX heading element (`<h2 id="custom">Title</h2>`, alone on its line or as a block): a heading of that depth,
   * anchored as the platform renders it (`AnchorSlugger`). False when the element is not `h1`…`h6`.
   */
  private jsxHeading(node: JsxElement): boolean {
    const depth = headingDepth(node);
    // A heading a component's body renders is text of the page, not a heading of it (the platform's table of contents skips it).
    if (depth === undefined || node.data?.renderedBy !== undefined) return false;
    const text = collapse(this.inlineChildren(node.children as Nodes[]));
    const id = jsxAttribute(node, 'id');
    if (text !== '')
      this.writer.heading(depth, text, node.position?.start.line ?? 0, {
        title: headingTitle(node),
        customId: typeof id === 'string' && id.trim() !== '' ? id.trim() : undefined,
        jsx: true,
        // A heading element inside a paragraph (`<h2>Title</h2>` on one line) is not one the platform lists either.
        unlisted: this.unlisted > 0 || node.type === 'mdxJsxTextElement',
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
    this.writer.emit(fieldLine(node, collapse(description)));
    this.blockChildren(children.slice(descriptionLength), headingIds);
  }

  private inline(node: Nodes): string {
    this.descend();
    try {
      return this.inlineNode(node);
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

/** The depth of a JSX heading element (`h1`…`h6`), else undefined. */
function headingDepth(node: JsxElement): number | undefined {
  const depth = JSX_HEADING.exec(node.name ?? '')?.[1];
  return depth === undefined ? undefined : Number(depth);
}

/** The `<td>`/`<th>` cells of an HTML table row: its cell children, also those in a paragraph (`<td>a</td><td>b</td>` on one line). */
function tableCells(children: readonly Nodes[]): JsxElement[] {
  return children.flatMap((child): JsxElement[] => {
    if ((child.type === 'mdxJsxFlowElement' || child.type === 'mdxJsxTextElement') && TABLE_CELL.test(child.name ?? ''))
      return [child];
    return child.type === 'paragraph' ? tableCells(child.children) : [];
  });
}

/** The JSX heading a paragraph holds alone (`<h2 id="x">Title</h2>` on its own line, blank text aside), else undefined. */
function soleJsxHeading(children: readonly Nodes[]): JsxElement | undefined {
  let heading: JsxElement | undefined;
  for (const child of children) {
    if (child.type === 'text' && child.value.trim() === '') continue;
    if (heading || child.type !== 'mdxJsxTextElement' || headingDepth(child) === undefined) return undefined;
    heading = child;
  }
  return heading;
}

function collapse(text: string): string {
  return text.replace(WHITESPACE, ' ').trim();
}
