/**
 * The chat help bot's knowledge (issue 38): help content written per screen, one file per language in
 * screen-definitions/help/<lang>.json, and which screen each topic links to in topics.json. Read and
 * checked once, indexed per language with MiniSearch. A topic is offered only to users who may open its
 * screen: its route's requirements (contract/screen-routes.ts, the client's route table) and its own.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Type, type Static } from '@sinclair/typebox';
import { Ajv } from 'ajv';
import MiniSearch from 'minisearch';
import type { Capability } from '../../../contract/capabilities';
import { SUPPORTED_LOCALES } from '../../../contract/locales';
import { meetsRequirements, type SecurityRequirement } from '../../../contract/screen-access';
import { isScreenRoute, SCREEN_ACCESS, type ScreenRoute } from '../../../contract/screen-routes';

export const HELP_DIR = join(import.meta.dirname, '../../../screen-definitions/help');

const Requirement = Type.Object({ ObjectType: Type.String(), Read: Type.Optional(Type.Boolean()), Execute: Type.Optional(Type.Boolean()), Create: Type.Optional(Type.Boolean()), Delete: Type.Optional(Type.Boolean()), Value: Type.Optional(Type.String()) }, { additionalProperties: false });
const TopicsFileSchema = Type.Object({
  $comment: Type.Optional(Type.String()),
  topics: Type.Record(Type.String({ pattern: '^[a-z][a-z-]*$' }), Type.Object({
    link: Type.String({ pattern: '^/' }),
    route: Type.Optional(Type.String()),
    requires: Type.Optional(Type.Array(Requirement)),
  }, { additionalProperties: false })),
}, { additionalProperties: false });
const Words = Type.Array(Type.String({ minLength: 1, pattern: '^[^A-Z\\s]+$' }));
const LanguageFileSchema = Type.Object({
  stopWords: Words,
  personWords: Type.Array(Type.String({ minLength: 1, pattern: '^[^A-Z\\s]+$' }), { minItems: 1 }),
  handoverWords: Words,
  greetingWords: Words,
  topics: Type.Record(Type.String(), Type.Object({ title: Type.String({ minLength: 1 }), text: Type.String({ minLength: 1 }), keywords: Type.String() }, { additionalProperties: false })),
}, { additionalProperties: false });

type LanguageFile = Static<typeof LanguageFileSchema>;

export interface HelpTopic {
  id: string;
  /** The path opened; `{userAccountId}` is the asking user's id. */
  link: string;
  route: ScreenRoute;
  requires: readonly SecurityRequirement[];
}

interface HelpLanguage {
  stopWords: ReadonlySet<string>;
  personWords: ReadonlySet<string>;
  handoverWords: ReadonlySet<string>;
  greetingWords: ReadonlySet<string>;
  texts: LanguageFile['topics'];
  index: MiniSearch<{ id: string; title: string; text: string; keywords: string }>;
}

export interface HelpContent {
  topics: ReadonlyMap<string, HelpTopic>;
  languages: ReadonlyMap<string, HelpLanguage>;
}

/** What a message asks for. */
export type HelpIntent = { kind: 'handover' } | { kind: 'greeting' } | { kind: 'topics'; topicIds: string[] } | { kind: 'unknown' };

const tokenize = MiniSearch.getDefault('tokenize') as (text: string) => string[];
const words = (text: string) => tokenize(text.toLowerCase()).filter(Boolean);

const readJson = (dir: string, file: string): unknown => JSON.parse(readFileSync(join(dir, file), 'utf8'));

/** Everything wrong with the help files, as "file: problem" lines (empty: good). */
export function helpContentProblems(dir = HELP_DIR): string[] {
  const ajv = new Ajv({ allErrors: true });
  const problems: string[] = [];
  const topicsFile = readJson(dir, 'topics.json');
  const checkTopics = ajv.compile(TopicsFileSchema);
  if (!checkTopics(topicsFile)) return (checkTopics.errors ?? []).map((error) => `topics.json: ${error.instancePath} ${error.message}`);
  const topics = (topicsFile as Static<typeof TopicsFileSchema>).topics;
  for (const [id, topic] of Object.entries(topics)) {
    const route = topic.route ?? topic.link;
    if (!isScreenRoute(route)) problems.push(`topics.json: ${id} names ${route}, which is no route of contract/screen-routes.ts`);
  }
  const checkLanguage = ajv.compile(LanguageFileSchema);
  for (const lang of SUPPORTED_LOCALES) {
    let file: unknown;
    try {
      file = readJson(dir, `${lang}.json`);
    } catch (error) {
      problems.push(`${lang}.json: ${(error as Error).message}`);
      continue;
    }
    if (!checkLanguage(file)) {
      problems.push(...(checkLanguage.errors ?? []).map((error) => `${lang}.json: ${error.instancePath} ${error.message}`));
      continue;
    }
    const texts = (file as LanguageFile).topics;
    for (const id of Object.keys(topics)) if (!texts[id]) problems.push(`${lang}.json: no text for topic ${id}`);
    for (const id of Object.keys(texts)) if (!topics[id]) problems.push(`${lang}.json: topic ${id} is not in topics.json`);
  }
  return problems;
}

function languageOf(file: LanguageFile): HelpLanguage {
  const stopWords = new Set(file.stopWords);
  const index = new MiniSearch<{ id: string; title: string; text: string; keywords: string }>({
    fields: ['title', 'keywords', 'text'],
    // Question words and pronouns ("where", "how", "my") say nothing about the screen wanted.
    processTerm: (term) => {
      const lower = term.toLowerCase();
      return stopWords.has(lower) ? null : lower;
    },
    searchOptions: {
      boost: { title: 3, keywords: 2 },
      prefix: (term) => term.length >= 4,
      // "ändere" finds "ändern": one edit in words of five letters and more.
      fuzzy: (term) => (term.length >= 5 ? 0.2 : false),
    },
  });
  index.addAll(Object.entries(file.topics).map(([id, text]) => ({ id, ...text })));
  return {
    stopWords,
    personWords: new Set(file.personWords),
    handoverWords: new Set(file.handoverWords),
    greetingWords: new Set(file.greetingWords),
    texts: file.topics,
    index,
  };
}

/** Reads and checks the help files; a problem stops here, with all problems named. */
export function loadHelpContent(dir = HELP_DIR): HelpContent {
  const problems = helpContentProblems(dir);
  if (problems.length) throw new Error(`The chat help content has problems:\n${problems.join('\n')}`);
  const topicsFile = readJson(dir, 'topics.json') as Static<typeof TopicsFileSchema>;
  const topics = new Map(
    Object.entries(topicsFile.topics).map(([id, topic]): [string, HelpTopic] => {
      const route = (topic.route ?? topic.link) as ScreenRoute;
      return [id, { id, link: topic.link, route, requires: topic.requires ?? [] }];
    }),
  );
  const languages = new Map(SUPPORTED_LOCALES.map((lang) => [lang, languageOf(readJson(dir, `${lang}.json`) as LanguageFile)]));
  return { topics, languages };
}

let loaded: HelpContent | undefined;
/** The shipped help content, read at first use. */
export const helpContent = (): HelpContent => (loaded ??= loadHelpContent());

/** The help language for an activity's locale (de-DE: de), else the fallback's, else English. */
export function helpLanguage(content: HelpContent, locale: string | undefined, fallback: string): string {
  for (const candidate of [locale, fallback]) {
    const base = candidate?.toLowerCase().split('-')[0];
    if (base && content.languages.has(base)) return base;
  }
  return 'en';
}

/** Whether a user with these capabilities may open the topic's screen. */
export const mayOpen = (topic: HelpTopic, capabilities: readonly Capability[]) =>
  meetsRequirements(capabilities, SCREEN_ACCESS[topic.route]) && meetsRequirements(capabilities, topic.requires);

/** A topic beside the best one must score this share of it. */
const RELATED_SCORE = 0.5;

/** What the message asks for, in `lang`, for a user with these capabilities: at most three topics, best first. */
export function understand(content: HelpContent, lang: string, text: string, capabilities: readonly Capability[]): HelpIntent {
  const language = content.languages.get(lang) ?? content.languages.get('en')!;
  const meaningful = words(text).filter((word) => !language.stopWords.has(word));
  if (meaningful.length === 0) return { kind: 'unknown' };
  // "talk to a person", "Mitarbeiter": nothing but words of asking for a person (and at least one naming one).
  const handoverVocabulary = (word: string) => language.personWords.has(word) || language.handoverWords.has(word) || language.greetingWords.has(word);
  if (meaningful.some((word) => language.personWords.has(word)) && meaningful.every(handoverVocabulary)) return { kind: 'handover' };
  if (meaningful.every((word) => language.greetingWords.has(word))) return { kind: 'greeting' };
  const found = language.index.search(text).filter((result) => mayOpen(content.topics.get(String(result.id))!, capabilities));
  // Others only when they match nearly as well: "see also" is no place for a word that happens to be in a text.
  const topicIds = found
    .filter((result) => result.score >= found[0].score * RELATED_SCORE)
    .slice(0, 3)
    .map((result) => String(result.id));
  return topicIds.length ? { kind: 'topics', topicIds } : { kind: 'unknown' };
}

/** A topic's title and text in `lang`. */
export const topicText = (content: HelpContent, lang: string, topicId: string) => (content.languages.get(lang) ?? content.languages.get('en')!).texts[topicId];
