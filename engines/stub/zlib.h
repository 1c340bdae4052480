/* nonocrypt: MiniSat's utils/ParseUtils.h includes <zlib.h> for reading gzipped DIMACS, which
   the WebAssembly build never does. These declarations let it compile; nothing calls them. */
#ifndef NONOCRYPT_ZLIB_STUB_H
#define NONOCRYPT_ZLIB_STUB_H
typedef void *gzFile;
int gzread(gzFile file, void *buf, unsigned len);
#endif
