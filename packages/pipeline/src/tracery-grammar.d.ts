/** Types for `tracery-grammar` (Kate Compton's Tracery), which ships none. */
declare module 'tracery-grammar' {
  interface Grammar {
    flatten(rule: string): string;
    addModifiers(modifiers: Record<string, (s: string) => string>): void;
  }
  const tracery: {
    createGrammar(rules: Record<string, string[]>): Grammar;
    setRng(rng: () => number): void;
    baseEngModifiers: Record<string, (s: string) => string>;
  };
  export default tracery;
}
