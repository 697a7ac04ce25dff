/** The docsmith mark: a white D on a dark rounded square. */
const FAVICON_SVG =
  "<svg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 32 32'><rect width='32' height='32' rx='7' fill='#111827'/><path d='M10 8h6a8 8 0 0 1 0 16h-6z' fill='#fff'/></svg>";

/** The `<link rel="icon">` of the pages the runtime serves: the icon inline, so a browser never requests `/favicon.ico` (a 404). */
export const FAVICON_LINK = `<link rel="icon" type="image/svg+xml" href="data:image/svg+xml,${encodeURIComponent(FAVICON_SVG)}">`;
