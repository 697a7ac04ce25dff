import type { Parent, Root } from 'mdast';
import { parsePageTree } from './parse-page-tree.ts';

/** Options of `SnippetTreeCache`. */
export interface SnippetTreeCacheOptions {
  /** Trees kept before the cache starts over (default 1000). */
  maxTrees?: number;
}

/** Parsed snippet trees by file and text: a snippet imported by many pages is parsed once per cache (inlining changes a copy, never a cached tree). */
export class SnippetTreeCache {
  private readonly trees = new Map<string, Root>();
  private readonly maxTrees: number;

  constructor(options: SnippetTreeCacheOptions = {}) {
    this.maxTrees = options.maxTrees ?? 1000;
  }

  /** `parsePageTree` of a snippet, from the cache when it was parsed before; throws the parser's error. */
  parse(file: string, text: string): Root {
    const key = `${file}\0${text}`;
    let tree = this.trees.get(key);
    if (!tree) {
      tree = parsePageTree(file, text);
      if (this.trees.size >= this.maxTrees) this.trees.clear();
      this.trees.set(key, tree);
    }
    return tree;
  }

  /** `parse`, as a copy of every parent node, which inlining may change; leaves are shared. */
  parseCopy(file: string, text: string): Root {
    return copyTree(this.parse(file, text));
  }
}

/** A copy of every parent node of a (cached, shared) tree, so inlining can change it; leaves are shared. */
function copyTree(tree: Root): Root {
  const copy: Root = { ...tree, children: [...tree.children] };
  const pending: Parent[] = [copy];
  for (let parent = pending.pop(); parent !== undefined; parent = pending.pop()) {
    parent.children = parent.children.map((child) => {
      if (!('children' in child)) return child;
      const childCopy = { ...child, children: [...child.children] } as typeof child;
      pending.push(childCopy);
      return childCopy;
    });
  }
  return copy;
}
