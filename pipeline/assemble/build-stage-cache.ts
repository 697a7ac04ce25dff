/**
 * What one build of a site computed per page, keyed by a hash of everything each result is a function of: the next
 * build of the same site (`docsmith dev`) passes it back to `buildSite` and reuses what it finds, so a save does not
 * redo the work of the pages it did not change. An entry whose inputs changed has another key and is never found.
 */
export interface BuildStageCache {
  /** The link targets of each page (`collectAnchors`) by `pageAnchorsKey`: its file, the files it imports and all their texts. */
  pageAnchors: ReadonlyMap<string, ReadonlyMap<string, string>>;
}
