// GitHub's Markdown parser, as Debian packages it (libcmark-gfm-dev, libcmark-gfm-extensions-dev).
#include <cmark-gfm.h>
#include <cmark-gfm-core-extensions.h>
#include <cmark-gfm-extension_api.h>
