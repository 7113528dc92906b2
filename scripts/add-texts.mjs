// Adds or replaces texts in every locale file at once, so several people (or helpers) adding
// texts at the same time never overwrite each other's keys.
//   node scripts/add-texts.mjs server texts.json   # locales/server/<lang>.json, flat keys
//   node scripts/add-texts.mjs client texts.json   # locales/<lang>.json, dotted keys into nested objects
// texts.json: { "en": { "some.key": "Text" }, "de": { "some.key": "Text" }, … } — all 15 languages.
//   --partial: the file may name only some languages (fixing one language's words needs no copies of the rest).
//   A null text removes the key (a text turned into plural keys leaves its old key behind otherwise).
import { mkdirSync, readFileSync, renameSync, rmdirSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';

const partial = process.argv.includes('--partial');
const [kind, file] = process.argv.slice(2).filter((arg) => arg !== '--partial');
if (!['server', 'client'].includes(kind) || !file) {
  console.error('usage: node scripts/add-texts.mjs server|client texts.json');
  process.exit(2);
}
const root = resolve(import.meta.dirname, '..');
const dir = kind === 'server' ? resolve(root, 'locales/server') : resolve(root, 'locales');
const additions = JSON.parse(readFileSync(resolve(file), 'utf8'));
const languages = ['bg', 'de', 'en', 'es', 'fi', 'fr', 'hu', 'it', 'nl', 'pl', 'pt', 'ro', 'ru', 'sv', 'tr'];
const missing = languages.filter((lang) => !additions[lang]);
if (missing.length && !partial) {
  console.error(`texts missing for: ${missing.join(', ')}`);
  process.exit(2);
}

// A lock directory: mkdir is atomic, so only one writer at a time.
const lock = resolve(dir, '.add-texts.lock');
for (let tries = 0; ; tries += 1) {
  try {
    mkdirSync(lock);
    break;
  } catch {
    if (tries > 200) throw new Error(`${lock} is held; remove it if no other add-texts runs`);
    await new Promise((done) => setTimeout(done, 50));
  }
}
try {
  for (const lang of languages.filter((code) => additions[code])) {
    const path = resolve(dir, `${lang}.json`);
    const texts = JSON.parse(readFileSync(path, 'utf8'));
    for (const [key, text] of Object.entries(additions[lang])) {
      if (kind === 'server') {
        if (text === null) delete texts[key];
        else texts[key] = text;
        continue;
      }
      const parts = key.split('.');
      let node = texts;
      for (const part of parts.slice(0, -1)) node = node[part] ??= {};
      if (text === null) delete node[parts.at(-1)];
      else node[parts.at(-1)] = text;
    }
    writeFileSync(`${path}.tmp`, `${JSON.stringify(texts, null, 2)}\n`);
    renameSync(`${path}.tmp`, path);
  }
} finally {
  rmdirSync(lock);
}
const written = languages.filter((code) => additions[code]);
console.log(`wrote ${Object.keys(additions[written[0]] ?? {}).length} texts to ${written.length} ${kind} locales`);
