// Shipped examples are bundled into the page as text (esbuild's text loader; see build.mjs).
declare module '*.txt' {
  const text: string;
  export default text;
}
declare module '*.pic' {
  const text: string;
  export default text;
}
