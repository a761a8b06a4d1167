#include <caca.h>
