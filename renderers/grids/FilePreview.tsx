import WarningAmberIcon from '@mui/icons-material/WarningAmber';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { readFilePreview, startsLikeFormula, type FilePreviewRows } from './file-preview-rows';

/**
 * The first rows of a picked CSV or Excel file (a create form's file field with `preview`), cells that
 * start like a spreadsheet formula marked. Test ids `file-preview`, `-formula-warning`, `-formula-cell`.
 */
export function FilePreview({ file }: { file: File }) {
  const { t } = useTranslation();
  const [preview, setPreview] = useState<FilePreviewRows | undefined>();
  useEffect(() => {
    let current = true;
    setPreview(undefined);
    // An unreadable file shows no preview: the server's check names what is wrong on upload.
    file
      .arrayBuffer()
      .then((bytes) => readFilePreview(file.name, bytes))
      .then((read) => current && setPreview(read))
      .catch(() => undefined);
    return () => {
      current = false;
    };
  }, [file]);
  if (!preview || preview.headers.length === 0) return null;
  return (
    <Box data-testid="file-preview">
      <Typography variant="subtitle2">{t('grids.filePreview.title', { shown: preview.rows.length, total: preview.totalRows })}</Typography>
      {preview.formulaCells > 0 && (
        <Alert severity="warning" sx={{ my: 1 }} data-testid="file-preview-formula-warning">
          {t('grids.filePreview.formulaWarning', { count: preview.formulaCells })}
        </Alert>
      )}
      <Box sx={{ overflowX: 'auto', border: 1, borderColor: 'divider', borderRadius: 1 }}>
        <Table size="small">
          <TableHead>
            <TableRow>
              {preview.headers.map((header, index) => (
                <TableCell key={index} sx={{ fontWeight: 600, whiteSpace: 'nowrap' }}>
                  {header}
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {preview.rows.map((cells, rowIndex) => (
              <TableRow key={rowIndex}>
                {preview.headers.map((_, column) => {
                  const cell = cells[column] ?? '';
                  return startsLikeFormula(cell) ? (
                    <Tooltip key={column} title={t('grids.filePreview.formulaCell')}>
                      <TableCell sx={{ whiteSpace: 'nowrap', bgcolor: 'warning.light', color: 'warning.contrastText' }} data-testid="file-preview-formula-cell">
                        <WarningAmberIcon fontSize="inherit" sx={{ verticalAlign: 'text-bottom', mr: 0.5 }} aria-hidden />
                        <span aria-label={`${t('grids.filePreview.formulaCell')}: ${cell}`}>{cell}</span>
                      </TableCell>
                    </Tooltip>
                  ) : (
                    <TableCell key={column} sx={{ whiteSpace: 'nowrap' }}>
                      {cell}
                    </TableCell>
                  );
                })}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </Box>
    </Box>
  );
}
