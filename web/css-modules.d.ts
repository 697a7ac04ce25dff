/** Style sheets imported as text (esbuild's `text` loader in scripts/build-web.mjs), injected by the script that imports them. */
declare module '*.css' {
  const text: string;
  export default text;
}
