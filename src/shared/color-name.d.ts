/** color-name ships no types: a record of the CSS colour keywords and their RGB values. */
declare module 'color-name' {
  const names: Readonly<Record<string, readonly [number, number, number]>>;
  export default names;
}
