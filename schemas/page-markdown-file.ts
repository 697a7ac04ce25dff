/** Build-directory file name of a page's Markdown (`pages/guides/setup.md`): written by the build, read by `GET /v1/page`. */
export function pageMarkdownFile(pagePath: string): string {
  return `pages/${pagePath.replace(/^\/+/, '')}.md`;
}
