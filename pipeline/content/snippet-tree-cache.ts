import type { Root } from 'mdast';
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
}
