#include <sixel.h>
