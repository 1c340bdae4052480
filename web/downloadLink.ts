// A link that downloads bytes made in the page (a certificate's formula or proof), labelled with
// its name and size: the same for the Decrypt tab's blocks and the Draw tab's picture.

export function downloadLink(name: string, parts: readonly Uint8Array[]): HTMLAnchorElement {
  const a = document.createElement('a');
  const blob = new Blob([...parts] as BlobPart[], { type: 'text/plain' });
  a.href = URL.createObjectURL(blob);
  a.download = name;
  a.textContent = `${name} (${Math.ceil(blob.size / 1000)} kB)`;
  return a;
}
