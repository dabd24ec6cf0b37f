/** The `hyphen` package (ISC) ships no types: the two per-language functions the player uses. */
declare module 'hyphen/nb' {
  interface Options {
    hyphenChar?: string;
    minWordLength?: number;
  }
  export function hyphenateSync(text: string, options?: Options): string;
  export function hyphenateHTMLSync(html: string, options?: Options): string;
}
declare module 'hyphen/en' {
  export { hyphenateHTMLSync, hyphenateSync } from 'hyphen/nb';
}
