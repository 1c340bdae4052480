/**
 * The STEM of a certificate's file names (`STEM.block-K.cnf`, `STEM.lrat`: see
 * checkCertificate.ts) from the name of the file it certifies, without its folder: the name
 * without its last extension (`msg.nc` gives `msg`; `.hidden` stays). `verify --certify` and
 * `solve --certify` name what they write with it, `check-certificate` what it reads, and the
 * web page its downloads, so that the three agree.
 */
export function certificateStem(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(0, dot) : name;
}
