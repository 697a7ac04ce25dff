import type { Root } from 'mdast';
import type { Processor } from 'unified';
import { visit } from 'unist-util-visit';
import { splitPageBlocks } from './split-page-blocks.ts';

/** Nodes whose position no page stage reads. */
const TEXT_NODES = new Set(['text', 'inlineCode', 'break', 'emphasis', 'strong', 'delete', 'inlineMath']);
/** The end point every node of a sliced page shares: no page stage reads where a node ends. */
const SHARED_END = Object.freeze({ line: 0, column: 0 });

/** Options of `remarkParseInSlices`. */
export interface ParseInSlicesOptions {
  /** Top-level blocks per slice (default `BLOCKS_PER_PARSE`); a page with fewer than twice as many blank lines is parsed whole. */
  blocksPerParse?: number;
}

/**
 * Unified plugin (use it right after remark-parse): parses a page of many top-level blocks slice by slice
 * (`splitPageBlocks`) and joins the trees, positions shifted to the page's lines and offsets. micromark keeps every
 * token of a parse until it ends (~15 KB per block), so a 5 MB page of 200,000 sections would need gigabytes at once;
 * slices bound that by the slice. The joined tree keeps of positions what the page stages read (the start line and
 * column of nodes other than text), which is most of its memory. A page of fewer blocks is parsed whole, as before.
 * When a slice does not parse on its own (a construct the cut did not see), the page is parsed whole, so a slice never
 * changes what parses. Definitions (`[label]: url`, footnotes) reach the references of their own slice only.
 */
export function remarkParseInSlices(this: Processor, options: ParseInSlicesOptions = {}): void {
  const parse = this.parser;
  if (!parse) throw new Error('remarkParseInSlices: use it after remark-parse');
  this.parser = (document, file) => {
    const slices = splitPageBlocks(document, options.blocksPerParse);
    if (slices.length === 1) return parse(document, file);
    const children: Root['children'] = [];
    try {
      for (const slice of slices) {
        const tree = parse(slice.text, file) as Root;
        // Shifted to the page's lines; a large page keeps only what the page stages read of positions (the start of a
        // node that is not text), which is most of its tree's memory.
        visit(tree, (node) => {
          const start = node.position?.start;
          if (!start || TEXT_NODES.has(node.type)) {
            delete node.position;
            return;
          }
          node.position = {
            start: {
              line: start.line + slice.line - 1,
              column: start.column,
              ...(start.offset === undefined ? {} : { offset: start.offset + slice.offset }),
            },
            end: SHARED_END,
          };
        });
        children.push(...tree.children);
      }
    } catch {
      return parse(document, file);
    }
    return {
      type: 'root',
      children,
      position: { start: { line: 1, column: 1, offset: 0 }, end: SHARED_END },
    } satisfies Root;
  };
}
