/** Vite's `?raw` import: the file's text as a string, inlined at build time. */
declare module "*?raw" {
  const text: string;
  export default text;
}
