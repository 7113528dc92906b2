import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { callService } from '../../api';
import { GridRowOpener } from '../business/GridRowOpener';
import { useRefreshTick } from '../business/use-refresh-tick';
import { DefinitionGridScreen } from '../list/DefinitionGridScreen';
import { OrderDrawer } from './OrderDrawer';

export interface OrdersScreenProps {
  /** screen-definitions/<name>.json */
  definitionName: 'credit-check-orders' | 'credit-check-review';
  method: 'ListCreditCheckOrders' | 'ListCreditCheckOrdersForApproval';
  title: string;
}

/** A list of credit-check orders from its definition, with one order's details beside it. */
export function OrdersScreen({ definitionName, method, title }: OrdersScreenProps) {
  const { t } = useTranslation();
  const { tick, refresh } = useRefreshTick();
  const [openId, setOpenId] = useState<number | undefined>();
  // The drawer shows the order as its list returns it (no single-order method in the contract).
  const orders = useQuery({
    queryKey: ['credit-check-orders', method],
    queryFn: ({ signal }) => callService('CreditCheck', method, {}, { signal }),
    enabled: openId !== undefined,
  });
  const open = orders.data?.find((order) => order.Id === openId);
  const context = useMemo(() => ({ tick }), [tick]);
  const changed = useCallback(() => {
    refresh();
    void orders.refetch();
  }, [refresh, orders]);

  return (
    <Box sx={{ p: { xs: 1, sm: 2 } }}>
      <Typography variant="h5" component="h1" sx={{ mb: 1 }}>
        {t(title)}
      </Typography>
      <GridRowOpener
        onOpen={(rowId) => {
          setOpenId(Number(rowId));
          void orders.refetch();
        }}
      >
        <DefinitionGridScreen name={definitionName} context={context} showTitle={false} />
      </GridRowOpener>
      {open && <OrderDrawer order={open} definitionName={definitionName} onClose={() => setOpenId(undefined)} onChanged={changed} />}
    </Box>
  );
}
