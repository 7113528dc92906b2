import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { callService } from '../../api';
import type { PricelistSummary } from './pricelist-types';

/**
 * The order of the caller's pricelists: first = priority 1. When a customer's
 * pricelists share a service, the one with the lowest number sets its price.
 */
export function PrioritiesDialog({ onClose, onSaved }: { onClose: () => void; onSaved: () => void }) {
  const { t } = useTranslation();
  const pricelists = useQuery({
    queryKey: ['pricelists'],
    queryFn: async ({ signal }) => (await callService('Marketplace', 'ListMarketplaces', {}, { signal })) as PricelistSummary[],
  });
  const [order, setOrder] = useState<PricelistSummary[]>([]);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (pricelists.data) setOrder([...pricelists.data].sort((a, b) => a.PricePriority - b.PricePriority || a.Id - b.Id));
  }, [pricelists.data]);
  const move = (index: number, by: -1 | 1) =>
    setOrder((current) => {
      const next = [...current];
      [next[index], next[index + by]] = [next[index + by], next[index]];
      return next;
    });
  const save = async () => {
    setBusy(true);
    try {
      await callService('Marketplace', 'SaveMarketplacePriority', {
        marketplacePriorityList: order.map((pricelist, index) => ({ MarketplaceId: pricelist.Id, Priority: (index + 1) * 10 })),
      });
      onSaved();
    } catch {
      setBusy(false);
    }
  };
  return (
    <Dialog open onClose={onClose} maxWidth="sm" fullWidth>
      <DialogTitle>{t('pricelists.priorities.title')}</DialogTitle>
      <DialogContent>
        <DialogContentText>{t('pricelists.priorities.help')}</DialogContentText>
        <List dense data-testid="pricelist-priorities">
          {order.map((pricelist, index) => (
            <ListItem
              key={pricelist.Id}
              secondaryAction={
                <>
                  <IconButton aria-label={t('pricelists.priorities.up')} disabled={index === 0} onClick={() => move(index, -1)}>
                    <ArrowUpwardIcon fontSize="small" />
                  </IconButton>
                  <IconButton aria-label={t('pricelists.priorities.down')} disabled={index === order.length - 1} onClick={() => move(index, 1)}>
                    <ArrowDownwardIcon fontSize="small" />
                  </IconButton>
                </>
              }
            >
              <ListItemText primary={`${index + 1}. ${pricelist.Name}`} secondary={pricelist.Currency} />
            </ListItem>
          ))}
        </List>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('pricelists.cancel')}</Button>
        <Button variant="contained" onClick={() => void save()} disabled={busy || order.length === 0}>
          {t('pricelists.save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
