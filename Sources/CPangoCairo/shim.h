#ifndef STREAMSHOT_CPANGOCAIRO_SHIM_H
#define STREAMSHOT_CPANGOCAIRO_SHIM_H

#include <pango/pangocairo.h>
#include <pango/pangofc-fontmap.h>
#include <fontconfig/fontconfig.h>
#include <cairo.h>
#include <spng.h>

#endif
