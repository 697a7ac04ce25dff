// Child process of the build bench: the baseline of a cold `docsmith build` — a fresh node process that reads a site
// and parses each of its page files once with the same unified processors, on one thread, nothing else.
// Plain JavaScript over the compiled lib/, as bin/docsmith.js runs.
import { parsePageTree } from '../../lib/pipeline/content/parse-page-tree.js';
import { loadSite } from '../../lib/pipeline/site/load-site.js';
import { readSiteSource } from '../../lib/cli/read-site-source.js';

const source = await readSiteSource(process.argv[2]);
for (const file of loadSite(source).pageFiles) parsePageTree(file, source.files.get(file) ?? '');
