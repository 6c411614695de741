import { type AttachmentFile, type FilesService } from '../../files/files.service';
import { type MessageAttachment } from '../../providers/model-provider.contract';

/** The files' contents as a model is given them: text as text, the others as base64. */
export function messageAttachmentsOf(
  files: FilesService,
  found: readonly AttachmentFile[],
): Promise<MessageAttachment[]> {
  return Promise.all(
    found.map(async (file): Promise<MessageAttachment> => {
      const bytes = await files.readContent(file);
      const common = { name: file.name, mimeType: file.mime_type };
      return file.kind === 'text'
        ? { kind: 'text', ...common, text: bytes.toString('utf8') }
        : {
            kind: file.kind === 'pdf' ? 'pdf' : 'image',
            ...common,
            base64: bytes.toString('base64'),
          };
    }),
  );
}
