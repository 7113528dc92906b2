/**
 * The 400 a body that fails its schema gets (issue 21): a sentence in the
 * caller's language that names the field by its label and says what is
 * allowed, from the schema the dispatcher validated against — "Value (entry 6)
 * must be at most 1,000,000,000.00", not "Rules.5.Value is out of range".
 * Labels are server texts `fieldLabel.<property name, lower case>`; a property
 * without one (ids and switches only programs send) is named as sent.
 */
import type { ErrorObject } from 'ajv';
import { excerpt, fault, ServiceFault } from '../fault';
import { translator, type ServerTextKey, type Translate } from '../texts';
import { formatNumber } from '../../contract/formatting';
import { WEBHOOK_URL_PATTERN } from '../../contract/services/webhooks';

interface Schema {
  type?: string | string[];
  properties?: Record<string, Schema>;
  items?: Schema;
  additionalProperties?: boolean | Schema;
  anyOf?: Schema[];
  oneOf?: Schema[];
  const?: unknown;
  enum?: unknown[];
  title?: string;
}

/** The schemas a value at `segments` may have to match (every branch of a union that reaches that far). */
function schemasAt(schema: Schema, segments: readonly string[]): Schema[] {
  const branches = schema.anyOf ?? schema.oneOf;
  if (branches) return branches.flatMap((branch) => schemasAt(branch, segments));
  if (segments.length === 0) return [schema];
  const [head, ...rest] = segments;
  if (schema.properties?.[head]) return schemasAt(schema.properties[head], rest);
  if (schema.items && /^\d+$/.test(head)) return schemasAt(schema.items, rest);
  if (typeof schema.additionalProperties === 'object') return schemasAt(schema.additionalProperties, rest);
  return [];
}

/** The literal values a union of constants (or an enum) allows, through nested unions; nulls left out. */
function allowedValues(schemas: readonly Schema[]): string[] {
  const values = schemas.flatMap((schema): unknown[] => {
    if (schema.anyOf ?? schema.oneOf) return allowedValues(schema.anyOf ?? schema.oneOf ?? []);
    if ('const' in schema) return [schema.const];
    return schema.enum ?? [];
  });
  return [...new Set(values.filter((value) => value !== null).map(String))];
}

const isInteger = (schemas: readonly Schema[]) => schemas.some((schema) => schema.type === 'integer');

/** A limit as the user's language writes numbers: amounts with two decimals, whole numbers without. */
function formatLimit(limit: number, locale: string, integer: boolean): string {
  return formatNumber(limit, { locale }, integer ? { maximumFractionDigits: 0 } : { minimumFractionDigits: 2, maximumFractionDigits: 6 });
}

/** The field's label in the caller's language, with its position when it sits in a list ("Value (entry 6)"). */
function fieldName(t: Translate, segments: readonly string[], schemas: readonly Schema[]): string {
  const name = [...segments].reverse().find((segment) => !/^\d+$/.test(segment)) ?? 'body';
  const key = `fieldLabel.${name.toLowerCase()}` as ServerTextKey;
  const translated = t(key);
  // A name as sent is the caller's input (an unknown property): quoted as an excerpt only.
  const label = translated !== key ? translated : (schemas.find((schema) => schema.title)?.title ?? excerpt(name));
  const index = segments.findLast((segment) => /^\d+$/.test(segment));
  return index === undefined ? label : t('validation.inEntry', { field: label, position: Number(index) + 1 });
}

/** What the schema allows, as one sentence about `field`. */
function sentence(t: Translate, error: ErrorObject, field: string, schemas: readonly Schema[], locale: string): string {
  const params = error.params as { limit?: number; type?: string; format?: string };
  const limit = (integer: boolean) => formatLimit(Number(params.limit), locale, integer);
  switch (error.keyword) {
    case 'required':
      return t('validation.required', { field });
    case 'additionalProperties':
      return t('validation.unknownField', { field });
    case 'maximum':
      return t('validation.maximum', { field, limit: limit(isInteger(schemas)) });
    case 'minimum':
      return t('validation.minimum', { field, limit: limit(isInteger(schemas)) });
    case 'exclusiveMaximum':
      return t('validation.below', { field, limit: limit(isInteger(schemas)) });
    case 'exclusiveMinimum':
      return t('validation.above', { field, limit: limit(isInteger(schemas)) });
    case 'maxLength':
      return t('validation.maxLength', { field, limit: limit(true) });
    case 'minLength':
      return params.limit === 1 ? t('validation.empty', { field }) : t('validation.minLength', { field, limit: limit(true) });
    case 'maxItems':
    case 'maxProperties':
      return t('validation.maxItems', { field, limit: limit(true) });
    case 'minItems':
      return t('validation.minItems', { field, limit: limit(true) });
    case 'uniqueItems':
      return t('validation.unique', { field });
    case 'const':
    case 'enum':
    case 'anyOf': {
      const allowed = allowedValues(schemas);
      if (allowed.length > 0) return t('validation.oneOf', { field, allowed: allowed.join(', ') });
      return t('validation.invalid', { field });
    }
    case 'type':
      return t(params.type === 'integer' ? 'validation.wholeNumber' : params.type === 'number' ? 'validation.number' : 'validation.invalid', { field });
    case 'pattern':
      // A pattern that says more than "expected format" (the webhook address: https, and why).
      if ((params as { pattern?: string }).pattern === WEBHOOK_URL_PATTERN) return t('validation.https');
      return t('validation.format', { field });
    case 'format':
      return t(params.format === 'date-time' || params.format === 'date' ? 'validation.date' : 'validation.format', { field });
    case 'not':
    case 'propertyNames':
      // The contract-wide rule against control characters (contract/hardening.ts).
      return t('validation.characters', { field });
    default:
      return t('validation.invalid', { field });
  }
}

/**
 * The fault for a body that failed `params` (the method's schema): the first error ajv
 * reports, said in words. A union's error names every value the union allows.
 */
export function validationFault(errors: readonly ErrorObject[] | null | undefined, params: object, locale: string): ServiceFault {
  const t = translator(locale);
  const error = errors?.[0];
  if (!error) return fault(400, 'validation.invalid', { field: t('fieldLabel.body') });
  const param = error.params as { missingProperty?: string; additionalProperty?: string };
  const named = param.missingProperty ?? param.additionalProperty;
  const segments = [...error.instancePath.split('/').filter(Boolean).map(decodePointer), ...(named ? [named] : [])];
  const schemas = schemasAt(params as Schema, segments);
  const field = fieldName(t, segments, schemas);
  return new ServiceFault(400, null, {}, sentence(t, error, field, schemas, locale));
}

/** A JSON pointer segment as the property name it stands for. */
const decodePointer = (segment: string) => segment.replace(/~1/g, '/').replace(/~0/g, '~');
