import type { Nodes, Root } from 'mdast';
import type { MdxjsEsm } from 'mdast-util-mdxjs-esm';
import type { Diagnostic } from '../diagnostics/diagnostic.ts';
import type { RuleId } from '../diagnostics/rule-catalogue.ts';
import { componentTitleLines, fieldLine, FIELD_COMPONENTS, STRUCTURAL_COMPONENTS, tooltipTip } from './component-text.ts';
import { extractCustomHeadingIds } from './extract-custom-heading-ids.ts';
import { jsxAttribute, type JsxElement } from './jsx-attribute.ts';
import { parseFailure } from './parse-failure.ts';
import { pageKind } from './parse-page-tree.ts';
import { SectionWriter } from './section-writer.ts';
import { importBase, importCandidates, isCheckedImport, isInlinedSnippet, snippetElementCandidates } from './snippet-files.ts';
import type { SnippetTreeCache } from './snippet-tree-cache.ts';

/** Inline (phrasing) node types: their text joins the current line. */
const PHRASING = new Set([
  'text', 'inlineCode', 'emphasis', 'strong', 'delete', 'link', 'linkReference', 'image', 'imageReference', 'break',
  'html', 'mdxTextExpression', 'mdxJsxTextElement', 'footnoteReference',
]);
const MAX_SNIPPET_DEPTH = 8;
const HTML_TAG = /<[^>]*>/g;
const WHITESPACE = /\s+/g;

type Position = { line: number; column: number } | undefined;

/** The state of one tree being walked: the page's or an inlined snippet's. */
interface TreeScope {
  file: string;
  /** The chain of files being inlined, the page first. */
  stack: readonly string[];
  headingIds: ReadonlyMap<number, string>;
  /** Imported component name → site file. */
  components: Map<string, string>;
}

/**
 * One walk over a page and the snippets it inlines, in document order: text goes to the section writer
 * (component text by component-text.ts), imports are resolved and
 * `.md`/`.mdx` snippets are parsed and walked where they are used (the snippet's own headings and links stay its own).
 */
export class PageWalk {
  readonly writer = new SectionWriter();
  /** Snippet elements and imported snippet components of the page: their children are not page content. */
  readonly inlinedElements = new Set<JsxElement>();
  readonly imports = new Set<string>();
  readonly inlinedTexts: string[] = [];

  constructor(
    private readonly pageFile: string,
    private readonly readSnippet: ((sitePath: string) => string | undefined) | undefined,
    private readonly snippetTrees: SnippetTreeCache,
    private readonly diagnostics: Diagnostic[],
  ) {}

  /** Walks one tree; `stack` is the chain of files being inlined. */
  tree(root: Root, file: string, stack: readonly string[], headingIds: ReadonlyMap<number, string>): void {
    const scope: TreeScope = { file, stack, headingIds, components: new Map() };
    for (const child of root.children) this.block(child, scope);
  }

  private warn(file: string, position: Position, ruleId: RuleId, message: string, hint?: string): void {
    this.diagnostics.push({ file, line: position?.line ?? 0, column: position?.column ?? 0, severity: 'warning', ruleId, message, ...(hint ? { hint } : {}) });
  }

  /** The first candidate file that exists, or undefined. */
  private existing(candidates: readonly string[]): string | undefined {
    return candidates.find((candidate) => this.readSnippet?.(candidate) !== undefined);
  }

  private inline(node: Nodes, scope: TreeScope): string {
    switch (node.type) {
      case 'text':
      case 'inlineCode':
        return node.value;
      case 'break':
        return ' ';
      case 'image':
      case 'imageReference':
        return node.alt ?? '';
      case 'html':
        return node.value.replace(HTML_TAG, ' ');
      case 'link':
        return this.inlineChildren(node.children, scope);
      case 'mdxJsxTextElement': {
        const content = this.inlineChildren(node.children, scope);
        const tip = tooltipTip(node);
        return tip === undefined ? content : `${content} (${tip})`;
      }
      case 'mdxTextExpression':
      case 'footnoteReference':
        return '';
      default:
        return 'children' in node ? this.inlineChildren(node.children as Nodes[], scope) : '';
    }
  }

  private inlineChildren(children: readonly Nodes[], scope: TreeScope): string {
    let joined = '';
    for (const child of children) joined += this.inline(child, scope);
    return joined;
  }

  private isBlockComponent(node: Nodes, scope: TreeScope): boolean {
    return (node.type === 'mdxJsxFlowElement' || node.type === 'mdxJsxTextElement') && node.name !== null && (STRUCTURAL_COMPONENTS.has(node.name) || scope.components.has(node.name));
  }

  private block(node: Nodes, scope: TreeScope): void {
    switch (node.type) {
      case 'yaml':
      case 'mdxFlowExpression':
      case 'thematicBreak':
      case 'definition':
        return;
      case 'heading': {
        const text = collapse(this.inlineChildren(node.children, scope));
        if (text === '') return;
        const line = node.position?.start.line ?? 0;
        this.writer.heading(node.depth, text, line, scope.headingIds.get(line));
        return;
      }
      case 'tableRow':
        this.writer.emit(node.children.map((cell) => collapse(this.inlineChildren(cell.children, scope))).join(' | '));
        return;
      case 'code':
        this.writer.emit(node.value);
        return;
      case 'html':
        this.writer.emit(collapse(node.value.replace(HTML_TAG, ' ')));
        return;
      case 'mdxjsEsm':
        this.importDeclarations(node, scope);
        return;
      case 'mdxJsxFlowElement':
      case 'mdxJsxTextElement':
        this.component(node, scope);
        return;
      default:
        if ('children' in node) this.blockChildren(node.children as Nodes[], scope);
    }
  }

  /** Joins consecutive phrasing nodes into one line; hands block nodes and structural components to `block`. */
  private blockChildren(children: readonly Nodes[], scope: TreeScope): void {
    let line = '';
    for (const child of children) {
      if (PHRASING.has(child.type) && !this.isBlockComponent(child, scope)) {
        line += this.inline(child, scope);
      } else {
        this.writer.emit(collapse(line));
        line = '';
        this.block(child, scope);
      }
    }
    this.writer.emit(collapse(line));
  }

  private component(node: JsxElement, scope: TreeScope): void {
    const name = node.name ?? '';
    if (name === 'Snippet') {
      if (scope.file === this.pageFile) this.inlinedElements.add(node);
      this.snippetElement(node, scope);
      return;
    }
    const imported = scope.components.get(name);
    if (imported !== undefined && isInlinedSnippet(imported)) {
      if (scope.file === this.pageFile) this.inlinedElements.add(node);
      this.inlineSnippet(imported, node.position?.start, scope);
      return;
    }
    if (FIELD_COMPONENTS.has(name)) {
      this.fieldComponent(node, scope);
      return;
    }
    for (const line of componentTitleLines(node)) this.writer.emit(collapse(line));
    this.blockChildren(node.children as Nodes[], scope);
    const tip = tooltipTip(node);
    if (tip !== undefined) this.writer.emit(collapse(tip));
  }

  /** ParamField/ResponseField: one line "name (type, required, default x): leading text", then the rest. */
  private fieldComponent(node: JsxElement, scope: TreeScope): void {
    const children = node.children as Nodes[];
    let description = '';
    let index = 0;
    for (; index < children.length; index += 1) {
      const child = children[index] as Nodes;
      if (this.isBlockComponent(child, scope)) break;
      if (child.type === 'paragraph') description += ` ${this.inlineChildren(child.children, scope)}`;
      else if (PHRASING.has(child.type)) description += this.inline(child, scope);
      else break;
    }
    this.writer.emit(fieldLine(node, collapse(description)));
    this.blockChildren(children.slice(index), scope);
  }

  private importDeclarations(node: MdxjsEsm, scope: TreeScope): void {
    for (const statement of node.data?.estree?.body ?? []) {
      if (statement.type !== 'ImportDeclaration') continue;
      const specifier = String(statement.source.value);
      const base = importBase(specifier, scope.file);
      if (base === undefined) continue;
      const found = this.existing(importCandidates(base));
      if (found === undefined && this.readSnippet && isCheckedImport(base)) {
        this.warn(scope.file, node.position?.start, 'missing-snippet', `Unexpected import of \`${specifier}\`, expected a file of the site`, 'Snippet paths start at the site root, e.g. /snippets/intro.mdx.');
      }
      const resolved = found ?? base;
      this.imports.add(resolved);
      for (const imported of statement.specifiers) scope.components.set(imported.local.name, resolved);
    }
  }

  /** `<Snippet file="x.mdx" />`: a site-absolute path, else looked up in `snippets/`, then `_snippets/`. */
  private snippetElement(node: JsxElement, scope: TreeScope): void {
    const fileAttribute = jsxAttribute(node, 'file');
    if (typeof fileAttribute !== 'string' || fileAttribute === '') return;
    const candidates = snippetElementCandidates(fileAttribute);
    const found = this.existing(candidates);
    if (found === undefined && this.readSnippet) {
      this.warn(scope.file, node.position?.start, 'missing-snippet', `Unexpected snippet \`${fileAttribute}\`, expected a file in snippets/`, `Create ${candidates[0] ?? fileAttribute} or fix the file name.`);
    }
    const snippetFile = found ?? candidates[0] ?? fileAttribute;
    this.imports.add(snippetFile);
    this.inlineSnippet(snippetFile, node.position?.start, scope);
  }

  private inlineSnippet(snippetFile: string, position: Position, scope: TreeScope): void {
    const snippetText = this.readSnippet?.(snippetFile);
    if (snippetText === undefined) return;
    if (scope.stack.includes(snippetFile) || scope.stack.length > MAX_SNIPPET_DEPTH) {
      this.warn(scope.file, position, 'snippet-cycle', `Unexpected snippet cycle ${[...scope.stack, snippetFile].join(' → ')}, expected snippets that do not include themselves`);
      return;
    }
    this.inlinedTexts.push(snippetText);
    const snippetIds = extractCustomHeadingIds(snippetText);
    let snippetTree: Root;
    try {
      snippetTree = this.snippetTrees.parse(snippetFile, snippetIds.text);
    } catch (error) {
      this.diagnostics.push(parseFailure(snippetFile, error, pageKind(snippetFile)));
      return;
    }
    this.tree(snippetTree, snippetFile, [...scope.stack, snippetFile], snippetIds.ids);
  }
}

function collapse(text: string): string {
  return text.replace(WHITESPACE, ' ').trim();
}
