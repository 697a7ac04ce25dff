import type { Nodes, Text } from 'mdast';
import { tooltipTip } from './component-text.ts';
import { htmlText } from './html-text.ts';
import type { InlineStyle } from './inline-style.ts';
import { jsxAttribute, type JsxElement } from './jsx-attribute.ts';
import type { NestingDepth } from './nesting-depth.ts';
import { separatesWords } from './text-flow.ts';

/**
 * The text of inline (phrasing) nodes, joined into a line as the section walk writes it, in an inline style;
 * `definitionUrl` gives the URL of the page's link definition of an identifier, `nesting` is the walk's depth.
 */
export class InlineText {
  constructor(
    private readonly nesting: NestingDepth,
    private readonly style: InlineStyle,
    private readonly definitionUrl: (identifier: string) => string | undefined,
  ) {}

  /** The text of one node; an HTML block or line break element is kept apart from its neighbours by spaces. */
  of(node: Nodes): string {
    this.nesting.enter();
    try {
      return separatesWords(node) ? ` ${this.node(node)} ` : this.node(node);
    } finally {
      this.nesting.leave();
    }
  }

  /** The text of nodes side by side. */
  children(nodes: readonly Nodes[]): string {
    let joined = '';
    for (const node of nodes) joined += this.of(node);
    return joined;
  }

  private node(node: Nodes): string {
    switch (node.type) {
      case 'text':
        return this.style.text(node.value);
      case 'inlineCode':
        return this.style.code(node.value);
      case 'inlineMath':
        return `$${node.value}$`;
      case 'break':
        return ' ';
      case 'image':
      case 'imageReference':
        return this.style.text(node.alt ?? '');
      case 'html':
        return htmlText(node.value);
      case 'link':
        return this.style.link(this.children(node.children), node.url);
      case 'linkReference':
        return this.style.link(this.children(node.children), this.definitionUrl(node.identifier));
      case 'emphasis':
        return this.style.emphasis(this.children(node.children));
      case 'strong':
        return this.style.strong(this.children(node.children));
      case 'delete':
        return this.style.delete(this.children(node.children));
      case 'mdxJsxTextElement':
        return this.element(node);
      case 'mdxTextExpression':
      case 'footnoteReference':
        return '';
      default:
        return 'children' in node ? this.children(node.children as Nodes[]) : '';
    }
  }

  /** `<code>` of text as code, `<a href>` as a link, a Tooltip's text followed by its tip, any other element as its content. */
  private element(node: JsxElement): string {
    const children = node.children as Nodes[];
    if (node.name === 'code' && children.every((child): child is Text => child.type === 'text'))
      return this.style.code(children.map((child) => child.value).join(''));
    const content = this.children(children);
    const href = node.name === 'a' ? jsxAttribute(node, 'href') : undefined;
    if (typeof href === 'string') return this.style.link(content, href);
    const tip = tooltipTip(node);
    return tip === undefined ? content : `${content} (${this.style.text(tip)})`;
  }
}
