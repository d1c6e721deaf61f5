/**
 * The documents' small markdown (content/README.md: paragraphs, "- " lists, **bold**) as React
 * elements. Nothing is read as HTML: the text becomes text nodes, so it cannot inject markup.
 */
import { Fragment, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';

function inline(text: string): ReactNode[] {
  return text.split(/(\*\*[^*]+\*\*)/g).map((piece, i) =>
    piece.startsWith('**') && piece.endsWith('**') && piece.length > 4 ? (
      <Box component="strong" key={i} sx={{ fontWeight: 700 }}>
        {piece.slice(2, -2)}
      </Box>
    ) : (
      <Fragment key={i}>{piece}</Fragment>
    ),
  );
}

/** A block's lines as runs: list lines ("- ") together, the other lines together. */
function runs(block: string): { list: boolean; lines: string[] }[] {
  const out: { list: boolean; lines: string[] }[] = [];
  for (const line of block.split('\n')) {
    const list = line.startsWith('- ');
    const last = out[out.length - 1];
    if (last && last.list === list) last.lines.push(line);
    else out.push({ list, lines: [line] });
  }
  return out;
}

const TEXT = { lineHeight: 1.7, fontSize: '1.0625rem' } as const;

export function PlainMarkdown({ text }: { text: string }) {
  const parts = text.split(/\n{2,}/).flatMap(runs);
  return (
    <Box dir="auto">
      {parts.map((run, i) =>
        run.list ? (
          <Box component="ul" key={i} sx={{ m: 0, mb: 2, paddingInlineStart: 3 }}>
            {run.lines.map((line, j) => (
              <Typography component="li" key={j} sx={{ ...TEXT, mb: 1 }}>
                {inline(line.slice(2))}
              </Typography>
            ))}
          </Box>
        ) : (
          <Typography key={i} sx={{ ...TEXT, mb: 2, whiteSpace: 'pre-line' }}>
            {inline(run.lines.join('\n'))}
          </Typography>
        ),
      )}
    </Box>
  );
}
