// @vitest-environment jsdom
/**
 * <DetailPanel> on screen-definitions/screens/credit-check-orders.json (issue 33: the order drawer is the
 * definition's detail panel): the heading with the row's id, texts with the row's values, a field left out
 * when empty, the files with their downloads, and an upload refused by its type or sent with the row's id.
 */
import { ThemeProvider } from '@mui/material/styles';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import definition from '../../screen-definitions/screens/credit-check-orders.json';
import type { Capability } from '../../contract/capabilities';
import { buildGridModel, resolveText, type ScreenDefinition, type Translate } from '../../engine/grids';
import i18next from 'i18next';
import { initFormTexts, testTheme } from '../forms/test-support';
import { DetailPanel } from './DetailPanel';

beforeAll(initFormTexts);
afterEach(cleanup);

const creator: Capability[] = [{ ObjectType: 'CREDIT_CHECK_COMPANY_ORDERS', Read: true, Create: true }];
const order = {
  Id: 7,
  ProductName: 'Backup Pro',
  Quantity: 3,
  CreatorName: 'Olivia Bennett',
  ParentAccountName: 'Contoso Ltd',
  ApprovalStatus: 'Pending',
  ProvisioningRequestId: null,
  ProvisioningStatus: null,
  CanCancel: true,
  Files: [{ Id: 3, Name: 'contract.pdf', Size: 4096, ContentType: 'application/pdf' }],
  CustomerConfirmation: { ConfirmedBy: 'Ann Smith, CFO', ConfirmedOn: '2026-11-02', Kind: 'Email', Reference: 'mail of 2 Nov', AcceptedByName: 'Sam Seller', AcceptedAt: '2026-11-03T10:00:00Z' },
};

function draw(row: Record<string, unknown>, capabilities = creator) {
  const translate: Translate = (key, values) => String(i18next.t(key, values));
  const model = buildGridModel(definition as ScreenDefinition, { capabilities, translate, locale: 'en-GB' });
  const calls: string[] = [];
  const changed: unknown[] = [];
  const callService = async (_service: string, method: string, body: Record<string, unknown>) => {
    calls.push(`${method} ${JSON.stringify(body)}`);
    return method === 'AttachCreditCheckOrderFile' ? { ...row, Files: [...order.Files, { Id: 4, Name: 'offer.pdf', Size: 2048, ContentType: 'application/pdf' }] } : { FileName: 'x.pdf', ContentType: 'application/pdf', Content: 'JVBERg==' };
  };
  const panel = model.detailPanel!;
  render(
    <ThemeProvider theme={testTheme}>
      <DetailPanel
        title={panel.title ?? model.title}
        fields={panel.fields}
        row={row}
        actions={model.actions}
        locale="en-GB"
        onAction={() => undefined}
        onClose={() => undefined}
        definition={panel.definition}
        capabilities={capabilities}
        calls={{ callService, locale: 'en-GB', text: (ref, values) => resolveText(ref, translate, 'en-GB', values), onError: (error) => calls.push(`error ${String(error)}`), onSuccess: (text) => calls.push(`success ${text}`), onChanged: (answer) => changed.push(answer) }}
      />
    </ThemeProvider>,
  );
  return { calls, changed };
}

describe('the order drawer as a detail panel', () => {
  it('heads with the order\'s id and writes the product, the confirmation and the files; the empty provisioning is left out', () => {
    draw(order);
    expect(screen.getByRole('heading', { name: 'Order 7' })).toBeTruthy();
    const panel = screen.getByRole('dialog');
    expect(panel.textContent).toContain('Backup Pro × 3');
    expect(panel.textContent).toContain('Sam Seller accepted this quote for Contoso Ltd');
    expect(panel.textContent).toContain('Reference (E-mail message): mail of 2 Nov');
    expect(panel.textContent).not.toContain('Provisioning');
    expect(within(screen.getByTestId('grid-detail-files')).getByText('contract.pdf')).toBeTruthy();
    expect(screen.getByText('4 KB')).toBeTruthy();
  });

  it('shows the provisioning request with its status in the language', () => {
    draw({ ...order, ProvisioningRequestId: 12, ProvisioningStatus: 'In progress', CustomerConfirmation: null });
    expect(screen.getByRole('dialog').textContent).toContain('Request 12: In progress');
    expect(screen.getByRole('dialog').textContent).not.toContain("Customer's confirmation");
  });

  it('offers the upload only on a row it applies to, to whom may create', () => {
    draw({ ...order, CanCancel: false });
    expect(screen.queryByTestId('grid-detail-button-attachFile')).toBeNull();
    expect(screen.getByTestId('grid-detail-button-invoicePdf')).toBeTruthy();
  });

  it('refuses a file of another type, sends a document with the order\'s id and shows the answered row', async () => {
    const { calls, changed } = draw(order);
    const input = screen.getByTestId('grid-detail-button-attachFile');
    fireEvent.change(input, { target: { files: [new File(['png'], 'photo.png', { type: 'image/png' })] } });
    expect(screen.getByTestId('grid-detail-upload-refused').textContent).toBe('File format not supported');
    expect(calls).toEqual([]);
    fireEvent.change(input, { target: { files: [new File(['%PDF'], 'offer.pdf', { type: 'application/pdf' })] } });
    await waitFor(() => expect(changed).toHaveLength(1));
    expect(calls).toEqual(['AttachCreditCheckOrderFile {"request":{"OrderId":7,"FileName":"offer.pdf","Content":"JVBERg=="}}', 'success offer.pdf was attached.']);
    expect((changed[0] as { Files: unknown[] }).Files).toHaveLength(2);
  });

  it('downloads a listed file by the order\'s and the file\'s ids', async () => {
    const createObjectURL = vi.fn(() => 'blob:file');
    Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() });
    const { calls } = draw(order);
    fireEvent.click(screen.getByRole('button', { name: 'Download contract.pdf' }));
    await waitFor(() => expect(createObjectURL).toHaveBeenCalled());
    expect(calls).toEqual(['DownloadCreditCheckOrderFile {"request":{"OrderId":7,"FileId":3}}']);
  });
});
