/**
 * A small style-object-to-CSS writer for the form's one stylesheet. Emotion
 * would parse and serialize the same rules on every first render of a form
 * (some 20 ms of a page's first paint, measured); these rules need none of its
 * features, only selectors, @media blocks inside a rule and @keyframes.
 */
export interface StyleRules {
  /** An undefined value writes nothing (as a theme value that is not set). */
  [selectorOrProperty: string]: string | number | undefined | StyleRules;
}

const UNITLESS = new Set(['fontWeight', 'lineHeight', 'opacity', 'zIndex', 'flex', 'flexGrow', 'flexShrink', 'order']);

const property = (name: string) => name.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`);
const valueOf = (name: string, value: string | number) =>
  typeof value === 'number' && value !== 0 && !UNITLESS.has(name) ? `${value}px` : String(value);

function declarations(body: StyleRules, selector: string): { own: string; nested: string[] } {
  const own: string[] = [];
  const nested: string[] = [];
  for (const [name, value] of Object.entries(body)) {
    if (value === undefined) continue;
    if (typeof value !== 'object') own.push(`${property(name)}:${valueOf(name, value)}`);
    else if (name.startsWith('@media')) nested.push(`${name}{${selector}{${declarations(value, selector).own}}}`);
    else throw new Error(`css-text: only @media may nest inside ${selector} (found ${name})`);
  }
  return { own: own.join(';'), nested };
}

export function cssText(rules: StyleRules): string {
  return Object.entries(rules)
    .map(([selector, body]) => {
      if (typeof body !== 'object') throw new Error(`css-text: ${selector} needs a block`);
      if (selector.startsWith('@keyframes')) {
        return `${selector}{${Object.entries(body)
          .map(([step, frame]) => `${step}{${declarations(frame as StyleRules, step).own}}`)
          .join('')}}`;
      }
      const { own, nested } = declarations(body, selector);
      return [`${selector}{${own}}`, ...nested].join('\n');
    })
    .join('\n');
}
