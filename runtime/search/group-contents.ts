import { createHash } from 'node:crypto';
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
 * sections carry the same language, title, anchors, heading paths and text share one content, stored once;
 * each path keeps its own context. Deterministic: contents and contexts are numbered in first-seen order.
 */
export function groupContents(records: SectionRecord[]): ContentLayout {
  const sections: ContentSection[] = [];
  const contexts: PageContext[] = [];
  const pages: PageReference[] = [];
  const contentByKey = new Map<string, number>();
  const contextByKey = new Map<string, number>();
  let contents = 0;
  for (const run of pageRuns(records)) {
    const first = run[0] as SectionRecord;
    const language = first.context.language;
    const key = createHash('sha256').update(JSON.stringify([language ?? null, run.map(({ anchor, headingPath, title, text }) => [anchor, headingPath, title, text])])).digest('base64');
    let content = contentByKey.get(key);
    if (content === undefined) {
      content = contents++;
      contentByKey.set(key, content);
      for (const { anchor, headingPath, title, text } of run) sections.push({ content, anchor, headingPath, title, text, ...(language === undefined ? {} : { language }) });
    }
    const contextKey = JSON.stringify(first.context);
    let context = contextByKey.get(contextKey);
    if (context === undefined) {
      context = contexts.length;
      contextByKey.set(contextKey, context);
      contexts.push(first.context);
    }
    pages.push({ path: first.path, content, context });
  }
  return { sections, contexts, pages };
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
