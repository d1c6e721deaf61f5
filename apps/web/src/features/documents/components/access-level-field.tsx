import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Typography from '@mui/material/Typography';
import { ACCESS_LEVELS, type AccessLevel } from '@estate/domain/consent';
import { useTranslation } from '../../../shared/i18n/use-translation';

/** Who may see a document, each choice with a line on what it is for. */
export function AccessLevelField({ value, onChange, disabled }: { value: AccessLevel; onChange: (level: AccessLevel) => void; disabled?: boolean }) {
  const { t } = useTranslation('documents');
  return (
    <FormControl disabled={disabled}>
      <FormLabel id="access-level">{t('access.label')}</FormLabel>
      <RadioGroup aria-labelledby="access-level" value={value} onChange={(e) => onChange(e.target.value as AccessLevel)}>
        {ACCESS_LEVELS.map((level) => (
          <FormControlLabel
            key={level}
            value={level}
            control={<Radio />}
            sx={{ alignItems: 'flex-start', my: 0.5, '& .MuiRadio-root': { mt: -0.5 } }}
            label={
              <>
                <Typography>{t(`access.${level}`)}</Typography>
                <Typography variant="body2" color="text.secondary">
                  {t(`access.${level}Help`)}
                </Typography>
              </>
            }
          />
        ))}
      </RadioGroup>
    </FormControl>
  );
}
