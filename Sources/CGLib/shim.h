// GLib alone, for its regular expressions (GRegex, PCRE2): the engine GtkSourceView's language
// definitions are written for, so code is highlighted as they mean it (StreamshotHighlight).
#include <glib.h>
