import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import GridView from '@mui/icons-material/GridViewOutlined';
import TableRows from '@mui/icons-material/TableRowsOutlined';
import { useTranslation } from '../../../shared/i18n/use-translation';
import type { ItemsLayout } from './items-view';

const CHOICES = [
  { value: 'grid', label: 'catalogue:items.grid', Icon: GridView },
  { value: 'table', label: 'catalogue:items.table', Icon: TableRows },
] as const;

/**
 * Photos or a table: two buttons side by side, the chosen one pressed.
 * Plain buttons rather than Material UI's toggle group, whose buttons register themselves while
 * the page is first put on screen; that made the list's first paint one long, unbroken task on a
 * phone (ADR 0026).
 */
export function ViewSwitch({ value, onChange }: { value: ItemsLayout; onChange: (value: ItemsLayout) => void }) {
  const { t } = useTranslation();
  return (
    <Box
      role="group"
      aria-label={t('catalogue:items.view')}
      sx={{ display: 'inline-flex', border: 1, borderColor: 'divider', borderRadius: 1, flexShrink: 0 }}
    >
      {CHOICES.map(({ value: choice, label, Icon }) => {
        const pressed = value === choice;
        return (
          <IconButton
            key={choice}
            aria-label={t(label)}
            aria-pressed={pressed}
            onClick={() => onChange(choice)}
            sx={{
              width: 48,
              height: 48,
              borderRadius: 1,
              color: pressed ? 'primary.main' : 'text.secondary',
              bgcolor: pressed ? 'action.selected' : undefined,
            }}
          >
            <Icon />
          </IconButton>
        );
      })}
    </Box>
  );
}
