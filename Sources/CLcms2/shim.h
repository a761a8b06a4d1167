#include <lcms2.h>

/* lcms2's pixel types are built with function-like macros, which Swift does not import. */
static const cmsUInt32Number pp_TYPE_RGB_8 = TYPE_RGB_8;
static const cmsUInt32Number pp_TYPE_GRAY_8 = TYPE_GRAY_8;
static const cmsUInt32Number pp_TYPE_CMYK_8 = TYPE_CMYK_8;
static const cmsUInt32Number pp_TYPE_CMYK_8_REV = TYPE_CMYK_8_REV;
static const cmsUInt32Number pp_TYPE_RGB_16 = TYPE_RGB_16;
