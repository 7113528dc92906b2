/**
 * What a new definition starts from (issue 22): a product's provisioning form
 * (a `products/*` layout bound to products) or a list screen over the data
 * source of an existing screen definition. The texts a caller enters per
 * language go into the definition (a layout's Texts, a screen's inline texts).
 */
import type { DefinitionKind } from '../../definitions/published-store';

export type TemplateNeed = 'products' | 'dataSource' | 'access';

export interface TemplateInput {
  name: string;
  /** Title per locale, English included. */
  title: Record<string, string>;
  products?: readonly string[];
  /** The screen definition a list screen takes its data source, columns and filters from. */
  source?: Record<string, unknown>;
  menuGroup?: string;
  /** Who may open a list screen: Read on any of these capabilities. */
  access?: readonly string[];
}

interface Template {
  kind: DefinitionKind;
  needs: TemplateNeed[];
  /** Vendors may start from it (their own products only). */
  vendors: boolean;
  build(input: TemplateInput): Record<string, unknown>;
}

/** The starter field's label in every language the portal speaks. */
const REFERENCE_LABEL: Record<string, string> = {
  en: 'Reference',
  bg: 'Референция',
  de: 'Referenz',
  es: 'Referencia',
  fi: 'Viite',
  fr: 'Référence',
  hu: 'Hivatkozás',
  it: 'Riferimento',
  nl: 'Referentie',
  pl: 'Odniesienie',
  pt: 'Referência',
  ro: 'Referință',
  ru: 'Ссылка',
  sv: 'Referens',
  tr: 'Referans',
};

const slug = (name: string) => name.split('/').pop()!.replace(/-([a-z0-9])/g, (_match, char: string) => char.toUpperCase());

/** Texts per locale: every locale that has a title or the starter label. */
function layoutTexts(name: string, title: Record<string, string>): Record<string, Record<string, string>> {
  const key = slug(name);
  const texts: Record<string, Record<string, string>> = {};
  for (const locale of new Set([...Object.keys(REFERENCE_LABEL), ...Object.keys(title)])) {
    texts[locale] = {
      [`${key}.page`]: title[locale] ?? title.en,
      [`${key}.field.reference`]: REFERENCE_LABEL[locale] ?? REFERENCE_LABEL.en,
    };
  }
  return texts;
}

export const TEMPLATES: Record<string, Template> = {
  'product-form': {
    kind: 'layout',
    needs: ['products'],
    vendors: true,
    build: ({ name, title, products = [] }) => ({
      $schema: '../layout.schema.json',
      AccountType: 'Product',
      Products: [...products],
      Actions: ['VIEW', 'EDIT', 'CREATE'],
      Pages: [
        {
          Id: 1,
          Name: 'Settings',
          Label: `${slug(name)}.page`,
          Containers: [
            { Name: 'Main', Fields: [{ Name: 'Reference', Label: `${slug(name)}.field.reference`, Type: 'String', MaxLength: 100, Required: ['CREATE'] }] },
          ],
        },
      ],
      Texts: layoutTexts(name, title),
    }),
  },
  list: {
    kind: 'screen',
    needs: ['dataSource', 'access'],
    vendors: false,
    // The access is chosen, never taken from the source: a new list is shown to nobody until someone decides who sees it.
    build: ({ name, title, source = {}, menuGroup, access = [] }) => ({
      $schema: './screen-definition.schema.json',
      id: name,
      title,
      access: { anyOf: access.map((objectType) => ({ objectType, flag: 'Read' })) },
      dataSource: source.dataSource,
      columns: source.columns,
      ...(source.defaultSort ? { defaultSort: source.defaultSort } : {}),
      ...(source.filters ? { filters: source.filters } : {}),
      ...(menuGroup ? { menu: menuGroup === 'top' ? {} : { group: menuGroup } } : {}),
    }),
  },
};
