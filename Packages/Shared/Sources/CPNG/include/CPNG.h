#ifndef CPNG_H
#define CPNG_H
#include <stddef.h>
#include <png.h>
#endif
