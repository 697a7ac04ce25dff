import { parse as parseYaml } from 'yaml';
import { findDeepJsonNesting, findDeepYamlNesting, type DeepNesting } from '../site/find-deep-nesting.ts';
import { parseYamlValue } from '../site/parse-yaml-value.ts';

/** Whether a spec document is read as JSON: a `.json` name, or (for a URL without one) text that opens with `{` or `[`. */
function isJsonText(name: string, text: string): boolean {
  return /\.json$/i.test(name) || (!/\.ya?ml$/i.test(name) && /^\s*[[{]/.test(text));
}

/** Where a spec document's text nests deeper than `MAX_NESTING_DEPTH`, or undefined; checked before it is parsed. */
export function findDeepSpecNesting(name: string, text: string): DeepNesting | undefined {
  return isJsonText(name, text) ? findDeepJsonNesting(text) : findDeepYamlNesting(text);
}

/**
 * Parses a spec document (a spec, or a file or URL its `$ref`s name): JSON by its name or first character, else YAML
 * (js-yaml's fast path, `yaml` for anchors and for errors with positions). Throws the parser's error.
 */
export function parseSpecText(name: string, text: string): unknown {
  return isJsonText(name, text) ? JSON.parse(text) : (parseYamlValue(text) ?? { value: parseYaml(text, { maxAliasCount: 1000 }) }).value;
}
