/**
 * The charts (MUI X Charts: they take the MUI theme's colours and follow right-to-left). This
 * module is part of the analytics page's own code, loaded only when that page opens. Every chart
 * has a table of the same figures beside it, for screen readers and exact numbers.
 */
import { BarChart } from '@mui/x-charts/BarChart';
import { PieChart } from '@mui/x-charts/PieChart';
import { useTheme } from '@mui/material/styles';
import Box from '@mui/material/Box';

export type Bar = { label: string } & Record<string, number | string>;

/** Horizontal bars, one row per entry, one bar per series (grouped). */
export function HorizontalBars({
  title,
  data,
  series,
  format,
}: {
  title: string;
  data: Bar[];
  series: { key: string; label: string }[];
  format?: (value: number) => string;
}) {
  const theme = useTheme();
  const colors = [theme.palette.primary.main, theme.palette.success.main, theme.palette.warning.main, theme.palette.secondary.main];
  const rowHeight = 28 * series.length + 16;
  // Right to left: the names stand on the right and the bars grow leftwards.
  const rtl = theme.direction === 'rtl';
  return (
    <Box role="img" aria-label={title} sx={{ width: '100%' }}>
      <BarChart
        layout="horizontal"
        height={Math.max(160, data.length * rowHeight + 80)}
        dataset={data}
        yAxis={[{ scaleType: 'band', dataKey: 'label', width: 140, position: rtl ? 'right' : 'left', tickLabelStyle: { fontSize: 14 } }]}
        xAxis={[{ tickLabelStyle: { fontSize: 14 }, tickMinStep: 1, reverse: rtl, ...(format ? { valueFormatter: (v: number | null) => (v == null ? '' : format(v)) } : {}) }]}
        series={series.map((s, i) => ({
          dataKey: s.key,
          label: s.label,
          color: colors[i % colors.length],
          ...(format ? { valueFormatter: (v: number | null) => (v == null ? '' : format(v)) } : {}),
        }))}
        hideLegend={series.length === 1}
        slotProps={{ legend: { sx: { fontSize: 14 } } }}
        margin={rtl ? { left: 16, right: 8 } : { left: 8, right: 16 }}
      />
    </Box>
  );
}

/** A pie of parts of a whole (e.g. assignments by reason). */
export function Parts({ title, data }: { title: string; data: { id: string; label: string; value: number }[] }) {
  const theme = useTheme();
  const colors = [theme.palette.primary.main, theme.palette.success.main, theme.palette.warning.main, theme.palette.secondary.main, theme.palette.info.main, theme.palette.error.main];
  return (
    <Box role="img" aria-label={title} sx={{ width: '100%' }}>
      <PieChart
        height={240}
        series={[{ data: data.map((d, i) => ({ ...d, color: colors[i % colors.length] })), innerRadius: 50, paddingAngle: 2, cornerRadius: 4 }]}
        slotProps={{ legend: { sx: { fontSize: 14 } } }}
      />
    </Box>
  );
}
