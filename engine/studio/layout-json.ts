/** The shape of a layout's JSON as the studio edits it (layout-edit.ts, layout-panels.ts). */
export interface LayoutJsonField {
  Name: string;
  [key: string]: unknown;
}
export interface LayoutJsonContainer {
  Name: string;
  Label?: string;
  Fields: LayoutJsonField[];
  [key: string]: unknown;
}
export interface LayoutJsonPage {
  Id: number | string;
  Name: string;
  Label: string;
  Containers: LayoutJsonContainer[];
  [key: string]: unknown;
}
export interface LayoutJson {
  AccountType?: string;
  Products?: string[];
  Pages: LayoutJsonPage[];
  Texts?: Record<string, Record<string, string>>;
  [key: string]: unknown;
}

/** Where a field sits: page, container, field index. */
export type FieldAt = [number, number, number];
