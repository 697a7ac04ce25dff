import type { Code, Nodes, Parent, Root, RootContent } from 'mdast';
import type { MdxJsxAttributeValueExpression } from 'mdast-util-mdx-jsx';
import type { VFile } from 'vfile';
import { jsxAttribute, type JsxElement } from './jsx-attribute.ts';
import { fileBindings, LiteralBindings, type FileBindings } from './literal-bindings.ts';
import { literalExpression } from './literal-expression.ts';
import './page-data.ts';
import { SnippetTreeCache } from './snippet-tree-cache.ts';

/** Default of `RemarkLiteralExpressionsOptions.maxExpandedCharacters`. */
export const DEFAULT_MAX_EXPANDED_CHARACTERS = 5_000_000;

/** Options of `remarkLiteralExpressions`. */
export interface RemarkLiteralExpressionsOptions {
  /** Where parsed snippet trees are kept, shared by every page it parses (default: a cache of this plugin instance). */
  snippetTrees?: SnippetTreeCache;
  /** Characters of text a page's expressions may expand to; past it the rest stay unexpanded (default 5,000,000). */
  maxExpandedCharacters?: number;
}

/** An MDX expression node: `{…}` in flow or in text. */
type ExpressionNode = Extract<Nodes, { type: 'mdxFlowExpression' | 'mdxTextExpression' }>;
/** An attribute of a JSX element: `name="…"`, `name={…}` or `{...spread}`. */
type JsxAttributeNode = JsxElement['attributes'][number];

/**
 * Unified plugin (after `remarkInlineSnippets`, before `remarkPageSections`): puts the text the platform renders for
 * an MDX expression into the tree, without running any code. `{"literal"}`, `` {`template`} ``, `{42}` and `{Name}`
 * bound to such a literal (an `export const` of the page, or a named import from a snippet: `LiteralBindings`) become
 * text where they stand, in flow and in text; such an attribute value (`title={Name}`) becomes a string. A
 * `<CodeBlock language filename>` whose children are such expressions becomes the fenced code block the platform
 * renders for it (`rehypeCodeBlocks` makes a fence's title the `filename` of a `CodeBlock`). Inside an inlined snippet
 * the names are the snippet's own. Any other expression is left as it is (and shows no text). Nodes are replaced, never
 * changed, because inlined snippet trees share their leaves with a cache. Past `maxExpandedCharacters` of a page a
 * `too-much-expression-text` warning says where expanding stopped.
 */
export function remarkLiteralExpressions(options: RemarkLiteralExpressionsOptions = {}) {
  const snippetTrees = options.snippetTrees ?? new SnippetTreeCache();
  const maxExpandedCharacters = options.maxExpandedCharacters ?? DEFAULT_MAX_EXPANDED_CHARACTERS;
  return (tree: Root, file: VFile): void => {
    const bindings = new LiteralBindings(file.data.pageInput?.readSnippet, snippetTrees);
    const expander = new LiteralExpander(bindings, maxExpandedCharacters);
    expander.expand(tree, fileBindings(file.path, tree.children, bindings));
    if (expander.stoppedAt !== undefined) {
      (file.data.pageDiagnostics ??= []).push({
        file: expander.stoppedAt.file || file.path,
        line: expander.stoppedAt.line,
        column: expander.stoppedAt.column,
        severity: 'warning',
        ruleId: 'too-much-expression-text',
        message: `Unexpected expressions expanding past ${maxExpandedCharacters.toLocaleString('en-US')} characters, expected at most ${maxExpandedCharacters.toLocaleString('en-US')} characters of expression text per page: this expression and the next are not indexed`,
        hint: 'Split the page, or use each long constant once.',
      });
    }
    const snippets = file.data.pageSnippets;
    if (snippets && bindings.filesRead.length > 0) {
      snippets.imports = [...new Set([...snippets.imports, ...bindings.filesRead])].sort();
      for (const read of bindings.filesRead) snippets.inlinedTexts.push(file.data.pageInput?.readSnippet?.(read) ?? '');
    }
  };
}

/** Replaces the expressions of one page tree, walking it without recursion. */
class LiteralExpander {
  /** Where the expanded text first went past the limit, if it did (`file` is '' in a snippet that names no file). */
  stoppedAt: { file: string; line: number; column: number } | undefined;
  private remaining: number;

  constructor(
    private readonly bindings: LiteralBindings,
    maxExpandedCharacters: number,
  ) {
    this.remaining = maxExpandedCharacters;
  }

  expand(tree: Root, pageScope: FileBindings): void {
    const pending: { parent: Parent; scope: FileBindings }[] = [{ parent: tree, scope: pageScope }];
    for (let item = pending.pop(); item !== undefined; item = pending.pop()) {
      const { parent, scope } = item;
      let replaced: RootContent[] | undefined;
      parent.children.forEach((child, index) => {
        const replacement = this.child(child, scope, pending);
        if (replacement.length === 1 && replacement[0] === child && replaced === undefined) return;
        replaced ??= parent.children.slice(0, index);
        replaced.push(...replacement);
      });
      if (replaced !== undefined) parent.children = replaced;
    }
  }

  /** What stands for `child` in its parent; queues the children to walk next. */
  private child(
    child: RootContent,
    scope: FileBindings,
    pending: { parent: Parent; scope: FileBindings }[],
  ): RootContent[] {
    if (isExpression(child)) return this.expression(child, scope);
    if (child.type === 'mdxJsxFlowElement' || child.type === 'mdxJsxTextElement') {
      const attributes = child.attributes.map((attribute) => this.attribute(attribute, scope));
      if (attributes.some((attribute, index) => attribute !== child.attributes[index])) child.attributes = attributes;
      const code = child.name === 'CodeBlock' ? this.codeBlock(child, scope) : undefined;
      if (code !== undefined) return [code];
      const snippet = child.data?.snippet;
      const childScope =
        snippet === undefined ? scope : fileBindings(snippet.file ?? '', child.children as Nodes[], this.bindings);
      pending.push({ parent: child, scope: childScope });
    } else if ('children' in child) {
      pending.push({ parent: child, scope });
    }
    return [child];
  }

  /** The text of an expression as nodes: a text node in text, a paragraph in flow, none for '' (`{null}`); else the expression. */
  private expression(node: ExpressionNode, scope: FileBindings): RootContent[] {
    const text = this.text(node, scope);
    if (text === undefined) return [node];
    if (text === '') return [];
    const textNode = { type: 'text' as const, value: text, ...(node.position ? { position: node.position } : {}) };
    return node.type === 'mdxTextExpression'
      ? [textNode]
      : [{ type: 'paragraph', children: [textNode], ...(node.position ? { position: node.position } : {}) }];
  }

  /** An attribute whose `{…}` value has a text, as a string attribute; any other attribute as it is. */
  private attribute(attribute: JsxAttributeNode, scope: FileBindings): JsxAttributeNode {
    if (attribute.type !== 'mdxJsxAttribute' || attribute.value == null || typeof attribute.value === 'string')
      return attribute;
    const text = this.text(attribute.value, scope, attribute.position);
    return text === undefined ? attribute : { ...attribute, value: text };
  }

  /**
   * `<CodeBlock language="py" filename="main.py">{code}</CodeBlock>` as the fenced code block it renders, when its
   * children are expressions (concatenated, as React renders them) and plain text (a line of code written as is), and
   * any expression among them has a text; else undefined.
   */
  private codeBlock(node: JsxElement, scope: FileBindings): Code | undefined {
    const children = node.children as Nodes[];
    const parts = children.map((child) => (child.type === 'paragraph' ? child.children : [child]));
    if (!parts.flat().every((part) => part.type === 'text' || isExpression(part))) return undefined;
    let code = '';
    let expressions = 0;
    let expanded = 0;
    for (const [index, child] of children.entries()) {
      // A paragraph is a line of its own; expressions that follow each other join, as React joins adjacent children.
      if (index > 0 && (child.type === 'paragraph' || children[index - 1]?.type === 'paragraph')) code += '\n';
      for (const part of parts[index] ?? []) {
        if (!isExpression(part)) {
          code += part.type === 'text' ? part.value : '';
          continue;
        }
        expressions += 1;
        const text = this.text(part, scope);
        if (text === undefined) continue;
        expanded += 1;
        code += text;
      }
    }
    const value = code.replace(/^(?:[ \t]*\r?\n)+/, '').trimEnd();
    if (value === '' || (expressions > 0 && expanded === 0)) return undefined;
    const language = jsxAttribute(node, 'language') ?? jsxAttribute(node, 'lang');
    const filename = jsxAttribute(node, 'filename');
    return {
      type: 'code',
      lang: typeof language === 'string' && language.trim() !== '' ? language.trim() : null,
      meta: typeof filename === 'string' && filename.trim() !== '' ? codeMeta(filename.trim()) : null,
      value,
      ...(node.position ? { position: node.position } : {}),
    };
  }

  /** The text an expression renders, within the page's budget; undefined when it has none or the budget is spent. */
  private text(
    node: ExpressionNode | MdxJsxAttributeValueExpression,
    scope: FileBindings,
    position: Nodes['position'] = node.position,
  ): string | undefined {
    const literal = literalExpression(node.data?.estree);
    if (literal === undefined) return undefined;
    const text = 'text' in literal ? literal.text : this.bindings.text(scope, literal.identifier);
    if (text === undefined || this.stoppedAt !== undefined) return undefined;
    if (text.length > this.remaining) {
      const start = position?.start;
      this.stoppedAt = { file: scope.file, line: start?.line ?? 0, column: start?.column ?? 0 };
      return undefined;
    }
    this.remaining -= text.length;
    return text;
  }
}

/** Whether a node is an MDX expression, in flow or in text. */
function isExpression(node: Nodes): node is ExpressionNode {
  return node.type === 'mdxFlowExpression' || node.type === 'mdxTextExpression';
}

/** A code block meta whose title (`codeBlockTitle`) is `filename`: the `title="…"` option when the quotes allow it. */
function codeMeta(filename: string): string {
  if (!filename.includes('"')) return `title="${filename}"`;
  return filename.includes("'") ? filename : `title='${filename}'`;
}
