import { describe, expect, it } from 'vitest';
import type { Capability } from '../../../contract/capabilities';
import { SUPPORTED_LOCALES } from '../../../contract/locales';
import { translator } from '../../texts';
import { glossaryOf, variantPattern } from '../../../tests/unit/glossary-check';
import { helpContent, helpContentProblems, helpLanguage, understand } from './help-content';

const content = helpContent();
const read = (...types: string[]): Capability[] => types.map((ObjectType) => ({ ObjectType, Read: true }));

describe('the help content (screen-definitions/help)', () => {
  it('has a text for every topic in every language, and every topic names a screen of the route table', () => {
    expect(helpContentProblems()).toEqual([]);
  });

  it.each(SUPPORTED_LOCALES.filter((lang) => lang !== 'en'))('%s uses the glossary’s words', (lang) => {
    const glossary = glossaryOf(lang);
    const patterns = Object.values(glossary.terms).flatMap((term) => term.forbidden.map((variant) => ({ variant, pattern: variantPattern(variant, glossary.insideWords) })));
    const texts = Object.values(content.languages.get(lang)!.texts).flatMap((topic) => [topic.title, topic.text]);
    expect(texts.flatMap((text) => patterns.filter(({ pattern }) => pattern.test(text)).map(({ variant }) => `${variant} in «${text}»`))).toEqual([]);
  });

  it.each(SUPPORTED_LOCALES)('%s: the “talk to a person” button asks for a person', (lang) => {
    expect(understand(content, lang, translator(lang)('chat.bot.talkToPerson'), [])).toEqual({ kind: 'handover' });
  });
});

describe('understanding a question', () => {
  it('finds where the password is changed, in German and in English', () => {
    expect(understand(content, 'de', 'Wo ändere ich mein Passwort?', [])).toEqual({ kind: 'topics', topicIds: ['change-password'] });
    expect(understand(content, 'en', 'How do I change my password?', [])).toEqual({ kind: 'topics', topicIds: ['change-password'] });
  });

  it('offers only screens the user may open', () => {
    expect(understand(content, 'en', 'How do I create a quote?', read('QUOTATION_TOOL'))).toEqual({ kind: 'topics', topicIds: ['quotes'] });
    expect(understand(content, 'en', 'How do I create a quote?', [{ ObjectType: 'QUOTATION_TOOL', Read: true, Create: true }])).toMatchObject({ topicIds: ['new-quote'] });
    const topicsOf = (intent: ReturnType<typeof understand>) => (intent.kind === 'topics' ? intent.topicIds : []);
    expect(topicsOf(understand(content, 'en', 'pricing rules', []))).not.toContain('pricing-rules');
    expect(understand(content, 'en', 'pricing rules', read('PRICING_RULES'))).toMatchObject({ topicIds: ['pricing-rules'] });
  });

  it('tells a request for a person from a question that names one', () => {
    expect(understand(content, 'de', 'Mitarbeiter', [])).toEqual({ kind: 'handover' });
    expect(understand(content, 'de', 'Ich möchte mit einem Mitarbeiter sprechen', [])).toEqual({ kind: 'handover' });
    expect(understand(content, 'en', 'talk to a person', [])).toEqual({ kind: 'handover' });
    expect(understand(content, 'en', 'How do I add a person to my company?', [{ ObjectType: 'USER_ACCOUNT', Create: true }])).toMatchObject({ kind: 'topics' });
  });

  it('greets back, and says when it understood nothing', () => {
    expect(understand(content, 'fr', 'Bonjour !', [])).toEqual({ kind: 'greeting' });
    expect(understand(content, 'en', 'where is it?', [])).toEqual({ kind: 'unknown' });
    expect(understand(content, 'en', 'xylophone', [])).toEqual({ kind: 'unknown' });
  });

  it('answers in the language of the message, else the user’s, else English', () => {
    expect(helpLanguage(content, 'de-AT', 'fr')).toBe('de');
    expect(helpLanguage(content, 'xx', 'fr')).toBe('fr');
    expect(helpLanguage(content, undefined, 'zz')).toBe('en');
  });
});
