/** Hands a downloaded file to the browser as a download under its name (literature, receipts). */
/** `body` is a Blob (core's ports name only what they read of one, e.g. literature's FileBody). */
export const saveFile = (file: { readonly fileName: string; readonly body: object }): void => {
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
