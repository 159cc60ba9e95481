#ifndef STREAMSHOT_CGRAPHVIZ_SHIM_H
#define STREAMSHOT_CGRAPHVIZ_SHIM_H

#include <graphviz/gvc.h>
#include <graphviz/cgraph.h>

#endif
