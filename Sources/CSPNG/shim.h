// libspng alone, for the detectors that read frame pixels (StreamshotAnalysis): the judge decodes
// PNGs without the renderer's graphics stack.
#include <spng.h>
