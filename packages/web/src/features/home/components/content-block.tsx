import { Box } from '@mui/material';
import { SafeHtml } from '../../../components/safe-html';

/** Admin content: a URL is shown in a frame, anything else as sanitised HTML (new-api's rule). */
export function ContentBlock({ content }: { content: string }) {
  if (/^https?:\/\//.test(content.trim()))
    return (
      <Box
        component="iframe"
        src={content.trim()}
        title="content"
        sx={{ border: 0, width: '100%', height: '100vh' }}
      />
    );
  return <SafeHtml html={content} sx={{ '& img': { maxWidth: '100%' } }} />;
}
