#include "CGIF.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "api.h"

// MARK: Scanning

typedef struct {
    const uint8_t *data;
    size_t size;
    size_t pos;
} cursor;

static int has(const cursor *c, size_t n) { return c->size - c->pos >= n; }

// Skips data sub-blocks up to the zero-length terminator; 0 when the data ends first.
static int skip_sub_blocks(cursor *c) {
    for (;;) {
        if (!has(c, 1)) return 0;
        uint8_t length = c->data[c->pos++];
        if (length == 0) return 1;
        if (!has(c, length)) return 0;
        c->pos += length;
    }
}

cgif_status cgif_scan(const uint8_t *data, size_t size, uint32_t max_frames, cgif_info *info) {
    memset(info, 0, sizeof(*info));
    info->loop_count = -1;
    cursor c = { data, size, 0 };
    if (!has(&c, 13)) return CGIF_TRUNCATED;
    if (memcmp(data, "GIF87a", 6) != 0 && memcmp(data, "GIF89a", 6) != 0) return CGIF_CORRUPT;
    info->width = (uint32_t)data[6] | (uint32_t)data[7] << 8;
    info->height = (uint32_t)data[8] | (uint32_t)data[9] << 8;
    uint8_t flags = data[10];
    c.pos = 13;
    if (flags & 0x80) {
        size_t table = 3u << ((flags & 7) + 1);
        if (!has(&c, table)) return CGIF_TRUNCATED;
        c.pos += table;
    }
    for (;;) {
        if (!has(&c, 1)) return info->frame_count > 0 ? CGIF_OK : CGIF_TRUNCATED;
        uint8_t introducer = c.data[c.pos++];
        if (introducer == 0x3B) return CGIF_OK;
        if (introducer == 0x21) {
            if (!has(&c, 1)) return info->frame_count > 0 ? CGIF_OK : CGIF_TRUNCATED;
            uint8_t label = c.data[c.pos++];
            // NETSCAPE2.0 / ANIMEXTS1.0: an 11-byte block, then [1, loop lo, loop hi].
            if (label == 0xFF && has(&c, 16) && c.data[c.pos] == 11
                && (memcmp(c.data + c.pos + 1, "NETSCAPE2.0", 11) == 0
                    || memcmp(c.data + c.pos + 1, "ANIMEXTS1.0", 11) == 0)
                && c.data[c.pos + 12] == 3 && c.data[c.pos + 13] == 1) {
                info->loop_count = (int32_t)(c.data[c.pos + 14] | c.data[c.pos + 15] << 8);
            }
            if (!skip_sub_blocks(&c)) return info->frame_count > 0 ? CGIF_OK : CGIF_TRUNCATED;
            continue;
        }
        if (introducer != 0x2C) return info->frame_count > 0 ? CGIF_OK : CGIF_CORRUPT;
        if (!has(&c, 9)) return info->frame_count > 0 ? CGIF_OK : CGIF_TRUNCATED;
        const uint8_t *d = c.data + c.pos;
        uint32_t w = (uint32_t)d[4] | (uint32_t)d[5] << 8;
        uint32_t h = (uint32_t)d[6] | (uint32_t)d[7] << 8;
        uint8_t local = d[8];
        c.pos += 9;
        if (local & 0x80) {
            size_t table = 3u << ((local & 7) + 1);
            if (!has(&c, table)) return info->frame_count > 0 ? CGIF_OK : CGIF_TRUNCATED;
            c.pos += table;
        }
        info->frame_count++;
        info->frame_pixels += (uint64_t)w * h;
        if (w > info->largest_frame_width) info->largest_frame_width = w;
        if (h > info->largest_frame_height) info->largest_frame_height = h;
        if (info->frame_count > max_frames) return CGIF_OK;
        if (!has(&c, 1)) return info->frame_count > 1 ? CGIF_OK : CGIF_TRUNCATED;
        c.pos++; // LZW minimum code size
        if (!skip_sub_blocks(&c)) {
            // The first frame cut short is a truncated picture; a later one ends the animation.
            if (info->frame_count == 1) return CGIF_TRUNCATED;
            info->frame_count--;
            return CGIF_OK;
        }
    }
}

// MARK: Composing

struct cgif_decoder {
    GifFileType *gif;
    cursor input;
    uint8_t *canvas;
    // The canvas as it was before the last frame, kept while that frame says "restore previous".
    uint8_t *saved;
    GifPixelType *line;
    size_t line_capacity;
    int width;
    int height;
    // The last frame's rectangle and disposal, applied before the next frame is drawn.
    int last_disposal;
    int last_left, last_top, last_width, last_height;
    // The graphics control extension that applies to the next image.
    GraphicsControlBlock pending;
    char message[128];
};

static int read_input(GifFileType *gif, GifByteType *buffer, int count) {
    cursor *c = (cursor *)gif->UserData;
    size_t available = c->size - c->pos;
    size_t n = (size_t)count < available ? (size_t)count : available;
    memcpy(buffer, c->data + c->pos, n);
    c->pos += n;
    return (int)n;
}

static cgif_status classify(int error) {
    switch (error) {
    case D_GIF_ERR_READ_FAILED:
    case D_GIF_ERR_EOF_TOO_SOON:
        return CGIF_TRUNCATED;
    case D_GIF_ERR_NOT_ENOUGH_MEM:
        return CGIF_NO_MEMORY;
    default:
        return CGIF_CORRUPT;
    }
}

static cgif_status fail(cgif_decoder *decoder) {
    int error = decoder->gif->Error;
    const char *text = GifErrorString(error);
    snprintf(decoder->message, sizeof(decoder->message), "%s", text ? text : "giflib failed");
    return classify(error);
}

static void reset_pending(cgif_decoder *decoder) {
    decoder->pending.DisposalMode = DISPOSAL_UNSPECIFIED;
    decoder->pending.UserInputFlag = 0;
    decoder->pending.DelayTime = 0;
    decoder->pending.TransparentColor = NO_TRANSPARENT_COLOR;
}

cgif_decoder *cgif_decoder_create(const uint8_t *data, size_t size, cgif_status *status) {
    if (cgif_load() != NULL) {
        *status = CGIF_CORRUPT;
        return NULL;
    }
    cgif_decoder *decoder = calloc(1, sizeof(cgif_decoder));
    if (decoder == NULL) {
        *status = CGIF_NO_MEMORY;
        return NULL;
    }
    decoder->input = (cursor){ data, size, 0 };
    int error = 0;
    decoder->gif = DGifOpen(&decoder->input, read_input, &error);
    if (decoder->gif == NULL) {
        *status = classify(error);
        free(decoder);
        return NULL;
    }
    decoder->width = decoder->gif->SWidth;
    decoder->height = decoder->gif->SHeight;
    size_t bytes = (size_t)decoder->width * (size_t)decoder->height * 4;
    // The screen starts transparent, as browsers draw it: the background colour is not painted.
    decoder->canvas = calloc(bytes > 0 ? bytes : 1, 1);
    if (decoder->canvas == NULL) {
        cgif_decoder_destroy(decoder);
        *status = CGIF_NO_MEMORY;
        return NULL;
    }
    reset_pending(decoder);
    *status = CGIF_OK;
    return decoder;
}

void cgif_decoder_destroy(cgif_decoder *decoder) {
    if (decoder == NULL) return;
    if (decoder->gif != NULL) DGifCloseFile(decoder->gif, NULL);
    free(decoder->canvas);
    free(decoder->saved);
    free(decoder->line);
    free(decoder);
}

const char *cgif_decoder_message(const cgif_decoder *decoder) { return decoder->message; }
const uint8_t *cgif_canvas(const cgif_decoder *decoder) { return decoder->canvas; }

// Clips a frame rectangle to the screen; 0 when nothing of it is on the screen.
static int clip(const cgif_decoder *d, int *left, int *top, int *width, int *height) {
    int x0 = *left < 0 ? 0 : *left, y0 = *top < 0 ? 0 : *top;
    int x1 = *left + *width, y1 = *top + *height;
    if (x1 > d->width) x1 = d->width;
    if (y1 > d->height) y1 = d->height;
    if (x1 <= x0 || y1 <= y0) return 0;
    *left = x0; *top = y0; *width = x1 - x0; *height = y1 - y0;
    return 1;
}

static void dispose_last(cgif_decoder *d) {
    size_t stride = (size_t)d->width * 4;
    if (d->last_disposal == DISPOSE_BACKGROUND) {
        int left = d->last_left, top = d->last_top, width = d->last_width, height = d->last_height;
        if (!clip(d, &left, &top, &width, &height)) return;
        for (int y = top; y < top + height; y++) memset(d->canvas + y * stride + (size_t)left * 4, 0, (size_t)width * 4);
    } else if (d->last_disposal == DISPOSE_PREVIOUS && d->saved != NULL) {
        memcpy(d->canvas, d->saved, stride * (size_t)d->height);
    }
}

static cgif_status draw_image(cgif_decoder *d, int *delay_cs) {
    GifFileType *gif = d->gif;
    if (DGifGetImageDesc(gif) == GIF_ERROR) return fail(d);
    // giflib keeps every image descriptor it reads; a player needs none of them.
    if (gif->ImageCount > 0 && gif->SavedImages != NULL) {
        SavedImage *kept = &gif->SavedImages[gif->ImageCount - 1];
        if (kept->ImageDesc.ColorMap != NULL && kept->ImageDesc.ColorMap != gif->Image.ColorMap) {
            GifFreeMapObject(kept->ImageDesc.ColorMap);
        }
        kept->ImageDesc.ColorMap = NULL;
    }
    GifImageDesc desc = gif->Image;
    ColorMapObject *map = desc.ColorMap != NULL ? desc.ColorMap : gif->SColorMap;
    if (map == NULL) {
        snprintf(d->message, sizeof(d->message), "a frame has no colour table");
        return CGIF_CORRUPT;
    }
    dispose_last(d);
    int disposal = d->pending.DisposalMode;
    size_t stride = (size_t)d->width * 4;
    if (disposal == DISPOSE_PREVIOUS) {
        if (d->saved == NULL) d->saved = malloc(stride * (size_t)d->height > 0 ? stride * (size_t)d->height : 1);
        if (d->saved == NULL) return CGIF_NO_MEMORY;
        memcpy(d->saved, d->canvas, stride * (size_t)d->height);
    }
    if (desc.Width <= 0 || desc.Height <= 0) {
        snprintf(d->message, sizeof(d->message), "a frame of size %dx%d", desc.Width, desc.Height);
        return CGIF_CORRUPT;
    }
    if ((size_t)desc.Width > d->line_capacity) {
        free(d->line);
        d->line = malloc((size_t)desc.Width);
        if (d->line == NULL) return CGIF_NO_MEMORY;
        d->line_capacity = (size_t)desc.Width;
    }
    int transparent = d->pending.TransparentColor;
    // Interlaced rows arrive in four passes: every 8th from 0, every 8th from 4, every 4th from 2,
    // every 2nd from 1.
    static const int pass_start[4] = { 0, 4, 2, 1 }, pass_step[4] = { 8, 8, 4, 2 };
    int passes = desc.Interlace ? 4 : 1;
    for (int pass = 0; pass < passes; pass++) {
        int start = desc.Interlace ? pass_start[pass] : 0, step = desc.Interlace ? pass_step[pass] : 1;
        for (int row = start; row < desc.Height; row += step) {
            if (DGifGetLine(gif, d->line, desc.Width) == GIF_ERROR) return fail(d);
            int y = desc.Top + row;
            if (y < 0 || y >= d->height) continue;
            uint8_t *out = d->canvas + (size_t)y * stride;
            for (int col = 0; col < desc.Width; col++) {
                int x = desc.Left + col;
                if (x < 0 || x >= d->width) continue;
                int index = d->line[col];
                if (index == transparent || index >= map->ColorCount) continue;
                GifColorType colour = map->Colors[index];
                uint8_t *p = out + (size_t)x * 4;
                p[0] = colour.Red; p[1] = colour.Green; p[2] = colour.Blue; p[3] = 255;
            }
        }
    }
    *delay_cs = d->pending.DelayTime;
    d->last_disposal = disposal;
    d->last_left = desc.Left; d->last_top = desc.Top;
    d->last_width = desc.Width; d->last_height = desc.Height;
    reset_pending(d);
    return CGIF_OK;
}

cgif_status cgif_next_frame(cgif_decoder *d, int *delay_cs) {
    *delay_cs = 0;
    for (;;) {
        GifRecordType type;
        if (DGifGetRecordType(d->gif, &type) == GIF_ERROR) return fail(d);
        switch (type) {
        case IMAGE_DESC_RECORD_TYPE:
            return draw_image(d, delay_cs);
        case EXTENSION_RECORD_TYPE: {
            int code = 0;
            GifByteType *block = NULL;
            if (DGifGetExtension(d->gif, &code, &block) == GIF_ERROR) return fail(d);
            if (code == GRAPHICS_EXT_FUNC_CODE && block != NULL && block[0] >= 4) {
                DGifExtensionToGCB(block[0], block + 1, &d->pending);
            }
            while (block != NULL) {
                if (DGifGetExtensionNext(d->gif, &block) == GIF_ERROR) return fail(d);
            }
            break;
        }
        case TERMINATE_RECORD_TYPE:
            return CGIF_END;
        default:
            snprintf(d->message, sizeof(d->message), "an unknown block");
            return CGIF_CORRUPT;
        }
    }
}

// MARK: Encoding

typedef struct {
    uint8_t *data;
    size_t size;
    size_t capacity;
    int failed;
} growing_output;

struct cgif_encoder {
    GifFileType *gif;
    growing_output output;
};

static int write_output(GifFileType *gif, const GifByteType *bytes, int count) {
    growing_output *out = (growing_output *)gif->UserData;
    if (out->size + (size_t)count > out->capacity) {
        size_t grown = out->capacity * 2 + (size_t)count;
        uint8_t *data = realloc(out->data, grown);
        if (data == NULL) {
            out->failed = 1;
            return 0;
        }
        out->data = data;
        out->capacity = grown;
    }
    memcpy(out->data + out->size, bytes, (size_t)count);
    out->size += (size_t)count;
    return count;
}

cgif_encoder *cgif_encoder_create(uint32_t width, uint32_t height, const uint8_t *palette, int colours,
                                  int loop_count) {
    if (cgif_load() != NULL) return NULL;
    cgif_encoder *encoder = calloc(1, sizeof(cgif_encoder));
    if (encoder == NULL) return NULL;
    int error = 0;
    encoder->gif = EGifOpen(&encoder->output, write_output, &error);
    if (encoder->gif == NULL) {
        free(encoder);
        return NULL;
    }
    int bits = 1;
    while ((1 << bits) < colours) bits++;
    ColorMapObject *map = GifMakeMapObject(1 << bits, NULL);
    if (map == NULL) {
        EGifCloseFile(encoder->gif, NULL);
        free(encoder->output.data);
        free(encoder);
        return NULL;
    }
    for (int i = 0; i < colours; i++) {
        map->Colors[i].Red = palette[i * 3];
        map->Colors[i].Green = palette[i * 3 + 1];
        map->Colors[i].Blue = palette[i * 3 + 2];
    }
    EGifSetGifVersion(encoder->gif, 1);
    int ok = EGifPutScreenDesc(encoder->gif, (int)width, (int)height, bits, 0, map) != GIF_ERROR;
    GifFreeMapObject(map);
    if (ok && loop_count >= 0) {
        unsigned char loop[3] = { 1, (unsigned char)(loop_count & 0xFF), (unsigned char)(loop_count >> 8) };
        ok = EGifPutExtensionLeader(encoder->gif, APPLICATION_EXT_FUNC_CODE) != GIF_ERROR
            && EGifPutExtensionBlock(encoder->gif, 11, "NETSCAPE2.0") != GIF_ERROR
            && EGifPutExtensionBlock(encoder->gif, 3, loop) != GIF_ERROR
            && EGifPutExtensionTrailer(encoder->gif) != GIF_ERROR;
    }
    if (!ok) {
        EGifCloseFile(encoder->gif, NULL);
        free(encoder->output.data);
        free(encoder);
        return NULL;
    }
    return encoder;
}

cgif_status cgif_encoder_add_frame(cgif_encoder *encoder, const uint8_t *indices, uint32_t left, uint32_t top,
                                   uint32_t width, uint32_t height, int delay_cs, int disposal, int transparent) {
    GraphicsControlBlock gcb = { disposal, 0, delay_cs, transparent };
    GifByteType extension[4];
    size_t length = EGifGCBToExtension(&gcb, extension);
    if (EGifPutExtension(encoder->gif, GRAPHICS_EXT_FUNC_CODE, (int)length, extension) == GIF_ERROR) return CGIF_CORRUPT;
    if (EGifPutImageDesc(encoder->gif, (int)left, (int)top, (int)width, (int)height, 0, NULL) == GIF_ERROR) {
        return CGIF_CORRUPT;
    }
    for (uint32_t y = 0; y < height; y++) {
        if (EGifPutLine(encoder->gif, (GifPixelType *)indices + (size_t)y * width, (int)width) == GIF_ERROR) {
            return encoder->output.failed ? CGIF_NO_MEMORY : CGIF_CORRUPT;
        }
    }
    return CGIF_OK;
}

cgif_status cgif_encoder_finish(cgif_encoder *encoder, uint8_t **out, size_t *out_size) {
    *out = NULL;
    *out_size = 0;
    int ok = EGifCloseFile(encoder->gif, NULL) != GIF_ERROR && !encoder->output.failed;
    if (ok) {
        *out = encoder->output.data;
        *out_size = encoder->output.size;
    } else {
        free(encoder->output.data);
    }
    free(encoder);
    return ok ? CGIF_OK : CGIF_NO_MEMORY;
}

void cgif_free(void *buffer) { free(buffer); }
