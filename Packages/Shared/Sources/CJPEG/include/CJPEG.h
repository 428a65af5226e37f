#ifndef CJPEG_H
#define CJPEG_H
#include <stddef.h>
#include <stdio.h>
#include <jpeglib.h>
#endif
