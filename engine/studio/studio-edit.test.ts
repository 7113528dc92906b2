import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { draftViewLayout } from './draft-layout';
import { moveContainerTo, moveFieldTo, setFieldText, type LayoutJson } from './layout-edit';
import { fieldSchemaOf, propertyForm } from './property-layout';

const backup = JSON.parse(readFileSync('screen-definitions/layouts/products/cloud-backup.json', 'utf8')) as LayoutJson;
const schema = JSON.parse(readFileSync('screen-definitions/layouts/layout.schema.json', 'utf8')) as unknown;
const names = (layout: LayoutJson, c = 0) => layout.Pages[0].Containers[c].Fields.map((field) => field.Name);

describe('structure edits', () => {
  it('moves a field down, up and into another container, as drag and drop does', () => {
    const before = names(backup);
    const down = moveFieldTo(backup, [0, 0, 0], [0, 0, 2]);
    expect(names(down.layout).slice(0, 2)).toEqual([before[1], before[0]]);
    expect(down.at).toEqual([0, 0, 1]);
    const up = moveFieldTo(backup, [0, 0, 2], [0, 0, 0]);
    expect(names(up.layout)[0]).toBe(before[2]);
    expect(names(backup)).toEqual(before);
  });

  it('moves a container within its page', () => {
    const withTwo: LayoutJson = { ...backup, Pages: [{ ...backup.Pages[0], Containers: [backup.Pages[0].Containers[0], { Name: 'Second', Fields: [] }] }] };
    expect(moveContainerTo(withTwo, 0, 1, 0).Pages[0].Containers.map((container) => container.Name)).toEqual(['Second', backup.Pages[0].Containers[0].Name]);
  });

  it('gives a text-key property its own English text, and leaves an emptied optional one out', () => {
    const helped = setFieldText(backup, [0, 0, 0], 'Help', 'Shown under the field');
    const key = helped.Pages[0].Containers[0].Fields[0].Help as string;
    expect(helped.Texts?.en?.[key]).toBe('Shown under the field');
    expect(setFieldText(helped, [0, 0, 0], 'Help', '').Pages[0].Containers[0].Fields[0].Help).toBeUndefined();
  });
});

describe('property panel from the layout JSON Schema', () => {
  it('generates one engine field per simply shaped property, choices from the schema', () => {
    const form = propertyForm(fieldSchemaOf(schema)!, backup.Pages[0].Containers[0].Fields[0], backup);
    const fields = form.layout.Pages[0].Containers[0].Fields;
    expect(fields.find((field) => field.Name === 'Type')?.EnumMembers?.map((member) => member.Value)).toContain('MultiEnum');
    expect(fields.find((field) => field.Name === 'MfaRequired')?.Type).toBe('Boolean');
    expect(fields.find((field) => field.Name === 'Name')).toMatchObject({ Type: 'String', Required: true, Pattern: '^[A-Za-z][A-Za-z0-9_]*$' });
    expect(form.elsewhere).toContain('Options');
    expect(form.elsewhere).not.toContain('VisibleWhen');
  });

  it("draws the Default input in the field's own type: a number, a choice of its options, text; never a checkbox for text", () => {
    const fieldNamed = (name: string) => backup.Pages[0].Containers.flatMap((container) => container.Fields).find((field) => field.Name === name)!;
    const defaultOf = (field: (typeof backup.Pages)[number]['Containers'][number]['Fields'][number]) =>
      propertyForm(fieldSchemaOf(schema)!, field, backup).layout.Pages[0].Containers[0].Fields.find((entry) => entry.Name === 'Default');
    expect(defaultOf(fieldNamed('RetentionDays'))).toMatchObject({ Type: 'Integer', Minimum: 7, Maximum: 3650 });
    expect(defaultOf(fieldNamed('BackupWindow'))?.EnumMembers?.map((member) => member.Value)).toEqual(['night', 'evening', 'anytime']);
    expect(defaultOf(fieldNamed('EncryptionEnabled'))?.Type).toBe('Boolean');
    expect(defaultOf(fieldNamed('KeyEscrowEmail'))?.Type).toBe('String');
    expect(defaultOf({ Name: 'When', Type: 'Date' })?.Type).toBe('Date');
  });
});

describe('preview computed in the browser', () => {
  it('follows an added field at once, with the generic containers first and the texts of the draft', () => {
    const next = setFieldText(backup, [0, 0, 0], 'Label', 'Renamed label');
    const layout = draftViewLayout(next, 'EDIT', { Generic: [{ Name: 'Generic', Fields: [{ Name: 'Quantity', DisplayValue: 'Quantity', Type: 'Integer' }] }], ServerTexts: {} }, 'de')!;
    expect(layout.Pages[0].Containers[0].Name).toBe('Generic');
    expect(layout.Pages[0].Containers[1].Fields[0].DisplayValue).toBe('Renamed label');
    expect(draftViewLayout({ ...backup, Actions: ['VIEW'] }, 'EDIT', undefined, 'en')).toBeUndefined();
  });
});
