import type { ReactNode } from 'react';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';

/** One block of the control panel: a heading and its content. */
export function Section({ title, id, children }: { title: string; id?: string; children: ReactNode }) {
  return (
    <Paper component="section" aria-labelledby={id} variant="outlined" sx={{ p: { xs: 2, sm: 3 }, mb: 2 }}>
      <Typography id={id} component="h2" variant="h3" sx={{ fontSize: '1.2rem', mb: 1.5 }}>
        {title}
      </Typography>
      {children}
    </Paper>
  );
}
