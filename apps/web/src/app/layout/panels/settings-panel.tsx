import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import MenuItem from '@mui/material/MenuItem';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { useTranslation } from '../../../shared/i18n/use-translation';
import type { Settings } from '@estate/domain/schemas/account';
import { LANGUAGES, LAYOUT_STYLES, THEMES } from '@estate/domain/settings';
import { LANGUAGE_NAMES } from '../../../shared/i18n/i18n';
import { useSession } from '../../../shared/session/session-context';
import { useSettings } from '../../../shared/settings/settings-context';
import { SIDE_PANEL_WIDTH } from '../../../shared/theme/layout-constants';
import { visuallyHidden } from '../../../shared/ui/visually-hidden';
import { SidePanel } from './side-panel';

type ThemeName = (typeof THEMES)[number];
const REGIONS = ['main', 'navbar', 'toolbar', 'footer'] as const;

/** A scheme applies one look to every region at once. */
const SCHEMES: Record<'classic' | 'light' | 'dark', Settings['theme']> = {
  classic: { main: 'default', navbar: 'mainThemeLight', toolbar: 'mainThemeLight', footer: 'mainThemeDark' },
  light: {
    main: 'mainThemeLight',
    navbar: 'mainThemeLight',
    toolbar: 'mainThemeLight',
    footer: 'mainThemeLight',
  },
  dark: { main: 'mainThemeDark', navbar: 'mainThemeDark', toolbar: 'mainThemeDark', footer: 'mainThemeDark' },
};

const IDLE_CHOICES = [0, 5, 15, 30, 60] as const;

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <Box component="section" sx={{ px: 2.5, py: 2 }}>
      <Typography component="h3" variant="h6" sx={{ mb: 1.5 }}>
        {title}
      </Typography>
      {children}
    </Box>
  );
}

/** Layout, direction, themes per region, schemes, scrollbars and animations. */
export function SettingsPanel({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const { status } = useSession();
  const { settings, update } = useSettings();
  const setTheme = (region: (typeof REGIONS)[number], value: ThemeName) =>
    update({ theme: { ...settings.theme, [region]: value } });

  return (
    <SidePanel
      id="settings-panel"
      open={open}
      onClose={onClose}
      title={t('settings.title')}
      width={SIDE_PANEL_WIDTH + 40}
    >
      <Typography variant="body2" color="text.secondary" sx={{ px: 2.5, pt: 2 }}>
        {status === 'signed-in' ? t('settings.savedToProfile') : t('settings.savedLocally')}
      </Typography>

      <Section title={t('settings.schemes')}>
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
          {(Object.keys(SCHEMES) as (keyof typeof SCHEMES)[]).map((scheme) => (
            <Button
              key={scheme}
              variant={
                JSON.stringify(settings.theme) === JSON.stringify(SCHEMES[scheme]) ? 'contained' : 'outlined'
              }
              onClick={() => update({ theme: SCHEMES[scheme] })}
            >
              {t(`settings.scheme.${scheme}`)}
            </Button>
          ))}
        </Stack>
      </Section>
      <Divider />

      <Section title={t('settings.layout')}>
        <FormControl>
          <FormLabel id="layout-style-label" sx={visuallyHidden}>
            {t('settings.layout')}
          </FormLabel>
          <RadioGroup
            aria-labelledby="layout-style-label"
            value={settings.layoutStyle}
            onChange={(event) => update({ layoutStyle: event.target.value as Settings['layoutStyle'] })}
          >
            {LAYOUT_STYLES.map((style) => (
              <FormControlLabel
                key={style}
                value={style}
                control={<Radio />}
                label={t(`settings.layouts.${style}`)}
              />
            ))}
          </RadioGroup>
        </FormControl>
        {settings.layoutStyle === 'layout1' && (
          <Box sx={{ mt: 1.5 }}>
            <FormControlLabel
              control={
                <Switch
                  checked={settings.navbarFolded}
                  onChange={(event) => update({ navbarFolded: event.target.checked })}
                />
              }
              label={t('settings.navbarFolded')}
            />
            <TextField
              select
              size="small"
              fullWidth
              sx={{ mt: 1.5 }}
              label={t('settings.navbarPosition')}
              value={settings.navbarPosition}
              onChange={(event) =>
                update({ navbarPosition: event.target.value as Settings['navbarPosition'] })
              }
            >
              <MenuItem value="left">{t('settings.position.left')}</MenuItem>
              <MenuItem value="right">{t('settings.position.right')}</MenuItem>
            </TextField>
          </Box>
        )}
      </Section>
      <Divider />

      <Section title={t('settings.language')}>
        <Stack spacing={2}>
          <TextField
            select
            size="small"
            fullWidth
            label={t('settings.language')}
            value={settings.language}
            onChange={(event) => {
              const language = event.target.value as Settings['language'];
              update({ language, direction: language === 'ar' ? 'rtl' : 'ltr' });
            }}
          >
            {LANGUAGES.map((language) => (
              <MenuItem key={language} value={language} lang={language}>
                {LANGUAGE_NAMES[language]}
              </MenuItem>
            ))}
          </TextField>
          <Box>
            <Typography id="direction-label" variant="body2" sx={{ mb: 0.5 }}>
              {t('settings.direction')}
            </Typography>
            <ToggleButtonGroup
              exclusive
              size="small"
              aria-labelledby="direction-label"
              value={settings.direction}
              onChange={(_event, value: Settings['direction'] | null) =>
                value && update({ direction: value })
              }
            >
              <ToggleButton value="ltr">{t('settings.ltr')}</ToggleButton>
              <ToggleButton value="rtl">{t('settings.rtl')}</ToggleButton>
            </ToggleButtonGroup>
          </Box>
        </Stack>
      </Section>
      <Divider />

      <Section title={t('settings.themes')}>
        <Stack spacing={2}>
          {REGIONS.map((region) => (
            <TextField
              key={region}
              select
              size="small"
              fullWidth
              label={t(`settings.region.${region}`)}
              value={settings.theme[region]}
              onChange={(event) => setTheme(region, event.target.value as ThemeName)}
            >
              {THEMES.map((theme) => (
                <MenuItem key={theme} value={theme}>
                  {t(`settings.theme.${theme}`)}
                </MenuItem>
              ))}
            </TextField>
          ))}
        </Stack>
      </Section>
      <Divider />

      <Section title={t('settings.more')}>
        <Stack>
          <FormControlLabel
            control={
              <Switch
                checked={settings.customScrollbars}
                onChange={(event) => update({ customScrollbars: event.target.checked })}
              />
            }
            label={t('settings.customScrollbars')}
          />
          <FormControlLabel
            control={
              <Switch
                checked={settings.animations}
                onChange={(event) => update({ animations: event.target.checked })}
              />
            }
            label={t('settings.animations')}
          />
          {status === 'signed-in' && (
            <TextField
              select
              size="small"
              fullWidth
              sx={{ mt: 2 }}
              label={t('settings.idleLock')}
              value={settings.idleLockMinutes}
              onChange={(event) => update({ idleLockMinutes: Number(event.target.value) })}
            >
              {[...new Set([...IDLE_CHOICES, settings.idleLockMinutes])]
                .sort((a, b) => a - b)
                .map((minutes) => (
                  <MenuItem key={minutes} value={minutes}>
                    {minutes === 0 ? t('settings.idleNever') : t('settings.idleMinutes', { count: minutes })}
                  </MenuItem>
                ))}
            </TextField>
          )}
        </Stack>
      </Section>
    </SidePanel>
  );
}
