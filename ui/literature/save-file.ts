/** Hands a downloaded blob to the browser as a download under the file's name. */
import type { DownloadedFile } from '../../core/literature/ports';

export const saveFile = (file: DownloadedFile): void => {
  const url = URL.createObjectURL(file.body as Blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = file.fileName;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // The download has started by now; the object URL is let go once it surely has.
  setTimeout(() => URL.revokeObjectURL(url), 30_000);
};
