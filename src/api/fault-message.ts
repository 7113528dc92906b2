/**
 * The server reports errors as `<Fault><Message>text</Message></Fault>` with
 * XML-escaped text (spec §8). Returns the unescaped text, or undefined when the
 * body carries no (non-empty) Message element.
 */
export function faultMessage(body: string): string | undefined {
  const match = /<Message(?:\s[^>]*)?>([\s\S]*?)<\/Message>/i.exec(body);
  if (!match) return undefined;
  const text = unescapeXml(stripCdata(match[1])).trim();
  return text === '' ? undefined : text;
}

function stripCdata(text: string): string {
  return text.replace(/<!\[CDATA\[([\s\S]*?)\]\]>/g, '$1');
}

const NAMED_ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

export function unescapeXml(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (entity, body: string) => {
    if (body[0] === '#') {
      const code = body[1] === 'x' || body[1] === 'X' ? parseInt(body.slice(2), 16) : parseInt(body.slice(1), 10);
      return Number.isFinite(code) && code <= 0x10ffff ? String.fromCodePoint(code) : entity;
    }
    return NAMED_ENTITIES[body.toLowerCase()] ?? entity;
  });
}
