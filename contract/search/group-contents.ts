import type { ContentSection, PageReference, SectionBody } from './search-artifact.ts';
import type { PageContext, SectionRecord } from './section-record.ts';

/** The content-addressed layout of a site's section records: distinct section bodies, the sections of distinct contents, distinct contexts, and one small record per page path. */
export interface ContentLayout {
  bodies: SectionBody[];
  sections: ContentSection[];
  contexts: PageContext[];
  pages: PageReference[];
}

/**
 * Groups section records (one run of records per page path, as the build emits them) by page content: pages whose
 * sections carry the same language, title, anchors, heading paths, text, description, keywords and link count share one content,
 * stored once; each path keeps its own context and boost (the first record of its run carries it). A section body
 * (heading path, title, text, description, keywords, language) repeated by several contents — a page edited between
 * two releases is a new content, most of its sections are not — is stored once too. Deterministic: bodies, contents
 * and contexts are numbered in first-seen order.
 */
export function groupContents(records: SectionRecord[]): ContentLayout {
  const bodies: SectionBody[] = [];
  const bodiesByText = new Map<string, number[]>();
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
      for (const { anchor, headingPath, title, text, description, keywords, links } of run) {
        const body: SectionBody = {
          headingPath,
          title,
          text,
          ...(description === undefined ? {} : { description }),
          ...(keywords === undefined ? {} : { keywords }),
          ...(links === undefined ? {} : { links }),
          ...(language === undefined ? {} : { language }),
        };
        const sameText = bodiesByText.get(text) ?? [];
        let index = sameText.find(
          (candidate) => bodies[candidate]?.language === language && sameBody(bodies[candidate] as SectionBody, body),
        );
        if (index === undefined) {
          sameText.push((index = bodies.length));
          bodiesByText.set(text, sameText);
          bodies.push(body);
        }
        sections.push({ content, anchor, body: index });
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
    const page: PageReference = { path: first.path, content, context };
    if (first.boost !== undefined) page.boost = first.boost;
    if (first.tag !== undefined) page.tag = first.tag;
    pages.push(page);
  }
  return { bodies, sections, contexts, pages };
}

/** Whether two pages' sections carry the same language, anchors, heading paths, titles, texts, descriptions, keywords and link counts. */
function sameContent(a: SectionRecord[], b: SectionRecord[]): boolean {
  if (a.length !== b.length || a[0]?.context.language !== b[0]?.context.language) return false;
  return a.every(
    (record, index) =>
      record.anchor === (b[index] as SectionRecord).anchor && sameBody(record, b[index] as SectionRecord),
  );
}

/** Whether two sections say the same: text, title, description, keywords, link count and heading path. */
function sameBody(a: Omit<SectionBody, 'language'>, b: Omit<SectionBody, 'language'>): boolean {
  return (
    a.text === b.text &&
    a.title === b.title &&
    a.description === b.description &&
    a.links === b.links &&
    sameKeywords(a.keywords, b.keywords) &&
    a.headingPath.length === b.headingPath.length &&
    a.headingPath.every((heading, depth) => heading === b.headingPath[depth])
  );
}

function sameKeywords(a: readonly string[] | undefined, b: readonly string[] | undefined): boolean {
  return (
    a === b ||
    (a !== undefined && b !== undefined && a.length === b.length && a.every((keyword, index) => keyword === b[index]))
  );
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
