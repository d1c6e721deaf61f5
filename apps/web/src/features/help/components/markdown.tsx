/**
 * The lessons' small markdown (paragraphs, "- " lists, **bold**) as MUI text. react-markdown builds
 * React elements, never HTML strings: raw HTML in the text is dropped (`skipHtml`) and only the
 * elements below are kept, so the content cannot inject markup, links or images.
 */
import Markdown, { type Components } from 'react-markdown';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';

const ALLOWED = ['p', 'strong', 'em', 'ul', 'ol', 'li'];

const components: Components = {
  p: ({ children }) => <Typography sx={{ mb: 2, lineHeight: 1.7 }}>{children}</Typography>,
  ul: ({ children }) => (
    <Box component="ul" sx={{ m: 0, mb: 2, pl: 3, '& li': { mb: 1, lineHeight: 1.7 } }}>
      {children}
    </Box>
  ),
  ol: ({ children }) => (
    <Box component="ol" sx={{ m: 0, mb: 2, pl: 3, '& li': { mb: 1, lineHeight: 1.7 } }}>
      {children}
    </Box>
  ),
  li: ({ children }) => (
    <Typography component="li" sx={{ '& > p': { m: 0 } }}>
      {children}
    </Typography>
  ),
  strong: ({ children }) => (
    <Box component="strong" sx={{ fontWeight: 700 }}>
      {children}
    </Box>
  ),
};

export function LessonMarkdown({ text }: { text: string }) {
  return (
    <Box dir="auto" data-testid="lesson-text">
      <Markdown allowedElements={ALLOWED} unwrapDisallowed skipHtml components={components}>
        {text}
      </Markdown>
    </Box>
  );
}
