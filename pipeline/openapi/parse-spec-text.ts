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

/** Why a spec document read as JSON is not valid JSON, where the JSON parser stopped (1-based). */
export interface NotJsonProblem {
  message: string;
  line: number;
  column: number;
}

/**
 * Parses a spec document (a spec, or a file or URL its `$ref`s name): JSON by its name or first character, else YAML
 * (js-yaml's fast path, `yaml` for anchors and for errors with positions). JSON that does not parse (a raw line break
 * inside a string, say) is read as YAML, of which JSON is a subset, as the platform reads it; `onNotJson` is then told
 * why the JSON parser refused it. Throws the JSON parser's error when the YAML reading fails too, else the YAML parser's.
 */
export function parseSpecText(name: string, text: string, onNotJson?: (problem: NotJsonProblem) => void): unknown {
  if (!isJsonText(name, text)) return parseYamlText(text);
  try {
    return JSON.parse(text);
  } catch (jsonError) {
    let value: unknown;
    try {
      value = parseYamlText(text);
    } catch {
      throw jsonError;
    }
    onNotJson?.(notJsonProblem(jsonError as Error, text));
    return value;
  }
}

function parseYamlText(text: string): unknown {
  return (parseYamlValue(text) ?? { value: parseYaml(text, { maxAliasCount: 1000 }) }).value;
}

/** The JSON parser's message without its position, and the line and column of the position it names (`at position 177`). */
function notJsonProblem(error: Error, text: string): NotJsonProblem {
  const position = /at position (\d+)/.exec(error.message)?.[1];
  const message = error.message.replace(/ in JSON at position \d+.*$/s, '');
  if (position === undefined) return { message, line: 1, column: 1 };
  const before = text.slice(0, Number(position));
  const lineStart = before.lastIndexOf('\n') + 1;
  return { message, line: before.split('\n').length, column: Number(position) - lineStart + 1 };
}
