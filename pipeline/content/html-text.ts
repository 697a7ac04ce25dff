const HTML_TAG = /<[^>]*>/g;

/** The text of raw HTML: its tags replaced by spaces. */
export function htmlText(html: string): string {
  return html.replace(HTML_TAG, ' ');
}
