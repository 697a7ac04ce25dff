import type { ContentSection, PageReference } from './search-artifact.ts';
import type { PageContext, SectionRecord } from './section-record.ts';

/** The content-addressed layout of a site's section records: distinct sections, distinct contexts, and one small record per page path. */
export interface ContentLayout {
  sections: ContentSection[];
  contexts: PageContext[];
  pages: PageReference[];
}

/**
 * Groups section records (one run of records per page path, as the build emits them) by page content: pages whose
 * sections carry the same language, title, anchors, heading paths, text, description and keywords share one content,
 * stored once; each path keeps its own context and boost (the first record of its run carries it). Deterministic: contents and contexts are numbered in first-seen order.
 */
export function groupContents(records: SectionRecord[]): ContentLayout {
  const sections: ContentSection[] = [];
  const contexts: PageContext[] = [];
  const pages: PageReference[] = [];
  // Candidates by the text of their first section: copies of a page share their strings, so a lookup hashes a
  // string V8 has hashed before and the comparison below mostly compares references.
  const contentsByFirstText = new Map<string, { run: SectionRecord[]; content: number }[]>();
  const contextByKey = new Map<string, number>();
  // Pages of one navigation group share their context object: each object is serialised once.
  const contextByObject = new Map<PageContext, number>();
  let contents = 0;
  for (const run of pageRuns(records)) {
    const first = run[0] as SectionRecord;
    const language = first.context.language;
    const candidates = contentsByFirstText.get(first.text) ?? [];
    let content = candidates.find((candidate) => sameContent(candidate.run, run))?.content;
    if (content === undefined) {
      content = contents++;
      candidates.push({ run, content });
      contentsByFirstText.set(first.text, candidates);
      for (const { anchor, headingPath, title, text, description, keywords } of run) {
        sections.push({ content, anchor, headingPath, title, text, ...(description === undefined ? {} : { description }), ...(keywords === undefined ? {} : { keywords }), ...(language === undefined ? {} : { language }) });
      }
    }
    let context = contextByObject.get(first.context);
    if (context === undefined) {
      const contextKey = JSON.stringify(first.context);
      context = contextByKey.get(contextKey);
      if (context === undefined) {
        context = contexts.length;
        contextByKey.set(contextKey, context);
        contexts.push(first.context);
      }
      contextByObject.set(first.context, context);
    }
    pages.push(first.boost === undefined ? { path: first.path, content, context } : { path: first.path, content, context, boost: first.boost });
  }
  return { sections, contexts, pages };
}

/** Whether two pages' sections carry the same language, anchors, heading paths, titles, texts, descriptions and keywords. */
function sameContent(a: SectionRecord[], b: SectionRecord[]): boolean {
  if (a.length !== b.length || a[0]?.context.language !== b[0]?.context.language) return false;
  return a.every((record, index) => {
    const other = b[index] as SectionRecord;
    return record.text === other.text && record.title === other.title && record.anchor === other.anchor && record.description === other.description && sameKeywords(record.keywords, other.keywords) && record.headingPath.length === other.headingPath.length && record.headingPath.every((heading, depth) => heading === other.headingPath[depth]);
  });
}

function sameKeywords(a: readonly string[] | undefined, b: readonly string[] | undefined): boolean {
  return a === b || (a !== undefined && b !== undefined && a.length === b.length && a.every((keyword, index) => keyword === b[index]));
}

/** Consecutive records of the same path; a path seen again later starts a run of its own. */
function* pageRuns(records: SectionRecord[]): Generator<SectionRecord[]> {
  let run: SectionRecord[] = [];
  for (const record of records) {
    if (run.length > 0 && (run[0] as SectionRecord).path !== record.path) {
      yield run;
      run = [];
    }
    run.push(record);
  }
  if (run.length > 0) yield run;
}
