#!/usr/bin/env python3
"""Makes the conformance set of Tests/ImagingTests/Conformance: small pictures drawn here (so they
are ours to give away, see LICENSE), encoded by the reference tools, and each one's reference
decoding made by the reference decoder of its format:

  WebP  cwebp / img2webp      -> dwebp (PNG)
  GIF   Pillow's GIF writer    -> gif2rgb (opaque stills), Pillow's reader for transparency and frames
  AVIF  avifenc               -> avifdec
  HEIC  heif-enc, heic-write.c (irot/imir, nclx) -> heif-convert (then Pillow's
        ImageCms for colour)
  PNG   Pillow with a Display P3 iCCP chunk -> Pillow's ImageCms (Little CMS) to sRGB
  JPEG  CMYK (Adobe inverted) with a CMYK profile made by cmyk-profile.c -> Pillow's ImageCms
  nclx  sRGB to Display P3 / BT.2020 by Pillow's ImageCms -> avifenc / heif-enc with code points;
        the reference is the sRGB photo itself

Run once from this folder (needs the Debian packages webp, giflib-tools, libavif-bin,
libheif-examples, libheif-dev, liblcms2-dev, a C compiler and pip's Pillow); the outputs are
committed, so tests never run these tools. `make-fixtures.py heic colour nclx` makes only those parts.
"""
import ctypes
import io
import math
import os
import struct
import subprocess
import sys
import tempfile
import zlib

from PIL import ImageCms

from PIL import Image

W, H = 96, 64


def photo(w=W, h=H, seed=0, alpha=False):
    """A made-up photo: smooth gradients, a disc, a few hard edges and some fine stripes."""
    img = Image.new("RGBA", (w, h))
    px = img.load()
    for y in range(h):
        for x in range(w):
            r = int(128 + 120 * math.sin((x + seed) / 9.0))
            g = int(255 * y / (h - 1))
            b = int(128 + 120 * math.cos((x * y + seed) / 300.0))
            if (x - w * 0.6) ** 2 + (y - h * 0.45) ** 2 < (h * 0.3) ** 2:
                r, g, b = 240, 200 - (x % 7) * 10, 40
            if x < w // 5 and (y // 4) % 2 == 0:
                r, g, b = 20, 20, 20
            a = 255
            if alpha:
                a = max(0, min(255, int(255 * (x / (w - 1)))))
                if y < h // 6:
                    a = 0
            px[x, y] = (r, g, b, a)
    return img


def run(*args):
    subprocess.run(args, check=True)


def rgb_raw_to_png(raw_path, size, out):
    data = open(raw_path, "rb").read()
    Image.frombytes("RGB", size, data).save(out)
    os.remove(raw_path)


def rgb_profile(primaries, white):
    """An RGB profile of the given xy chromaticities with the sRGB curve, made by Little CMS itself
    as ColorManagement makes it: a profile that is ours to give away."""
    lcms = ctypes.CDLL("liblcms2.so.2")

    class XyY(ctypes.Structure):
        _fields_ = [("x", ctypes.c_double), ("y", ctypes.c_double), ("Y", ctypes.c_double)]

    class Triple(ctypes.Structure):
        _fields_ = [("r", XyY), ("g", XyY), ("b", XyY)]

    lcms.cmsBuildParametricToneCurve.restype = ctypes.c_void_p
    lcms.cmsBuildParametricToneCurve.argtypes = [ctypes.c_void_p, ctypes.c_int, ctypes.POINTER(ctypes.c_double)]
    lcms.cmsCreateRGBProfile.restype = ctypes.c_void_p
    lcms.cmsCreateRGBProfile.argtypes = [ctypes.POINTER(XyY), ctypes.POINTER(Triple), ctypes.c_void_p * 3]
    lcms.cmsSaveProfileToMem.argtypes = [ctypes.c_void_p, ctypes.c_void_p, ctypes.POINTER(ctypes.c_uint32)]
    parameters = (ctypes.c_double * 5)(2.4, 1 / 1.055, 0.055 / 1.055, 1 / 12.92, 0.04045)
    curve = lcms.cmsBuildParametricToneCurve(None, 4, parameters)
    white = XyY(white[0], white[1], 1.0)
    primaries = Triple(*(XyY(x, y, 1.0) for x, y in primaries))
    profile = lcms.cmsCreateRGBProfile(ctypes.byref(white), ctypes.byref(primaries),
                                       (ctypes.c_void_p * 3)(curve, curve, curve))
    size = ctypes.c_uint32(0)
    lcms.cmsSaveProfileToMem(ctypes.c_void_p(profile), None, ctypes.byref(size))
    buffer = ctypes.create_string_buffer(size.value)
    lcms.cmsSaveProfileToMem(ctypes.c_void_p(profile), buffer, ctypes.byref(size))
    return buffer.raw


D65 = (0.3127, 0.3290)


def display_p3_profile():
    """Display P3: P3 primaries, D65 white, the sRGB curve (ColorManagement.displayP3Profile)."""
    return rgb_profile([(0.680, 0.320), (0.265, 0.690), (0.150, 0.060)], D65)


def bt2020_profile():
    """BT.2020 primaries, D65 white, with the sRGB curve that the decoder (as Chrome) gives BT.2020's."""
    return rgb_profile([(0.708, 0.292), (0.170, 0.797), (0.131, 0.046)], D65)


def from_srgb(img, icc):
    """`img` (sRGB) to the RGB space of the profile `icc`, as Pillow's Little CMS converts it."""
    destination = ImageCms.ImageCmsProfile(io.BytesIO(icc))
    out = ImageCms.profileToProfile(img, ImageCms.createProfile("sRGB"), destination, outputMode="RGB",
                                    renderingIntent=ImageCms.Intent.PERCEPTUAL)
    # Pillow tags the result with the profile; the files under test must say it with code points only.
    out.info.pop("icc_profile", None)
    return out


def to_srgb(img, icc):
    """`img` (RGB or CMYK) from the profile `icc` to sRGB through Pillow's Little CMS, perceptual."""
    source = ImageCms.ImageCmsProfile(io.BytesIO(icc))
    return ImageCms.profileToProfile(img, source, ImageCms.createProfile("sRGB"), outputMode="RGB",
                                     renderingIntent=ImageCms.Intent.PERCEPTUAL)


def compile_tool(source, library, folder):
    binary = os.path.join(folder, os.path.splitext(source)[0])
    run("cc", "-O1", "-o", binary, source, f"-l{library}", "-lm")
    return binary


# The inverse of each Exif orientation's turn: the stored pixels a camera writes for an upright picture.
STORED = {1: None, 2: Image.Transpose.FLIP_LEFT_RIGHT, 3: Image.Transpose.ROTATE_180,
          4: Image.Transpose.FLIP_TOP_BOTTOM, 5: Image.Transpose.TRANSPOSE, 6: Image.Transpose.ROTATE_90,
          7: Image.Transpose.TRANSVERSE, 8: Image.Transpose.ROTATE_270}


def make_heic(tools):
    """HEIC: lossy, lossy with alpha, tagged Display P3, and all eight orientations as irot/imir."""
    os.makedirs("heic", exist_ok=True)
    photo().convert("RGB").save("source-photo.png")
    photo(alpha=True).save("source-alpha.png")
    run("heif-enc", "-q", "80", "source-photo.png", "-o", "heic/lossy.heic")
    run("heif-enc", "-q", "80", "source-alpha.png", "-o", "heic/alpha.heic")
    for name in ["lossy", "alpha"]:
        run("heif-convert", f"heic/{name}.heic", f"heic/{name}.png")
    # The photo's numbers taken as Display P3: heif-enc keeps the PNG's profile as a `colr` prof box;
    # the reference is heif-convert's pixels converted to sRGB by Little CMS.
    p3 = display_p3_profile()
    photo().convert("RGB").save("source-p3.png", icc_profile=p3)
    run("heif-enc", "-q", "90", "source-p3.png", "-o", "heic/display-p3.heic")
    run("heif-convert", "heic/display-p3.heic", "decoded.png")
    to_srgb(Image.open("decoded.png").convert("RGB"), p3).save("heic/display-p3.png")
    # Lossless (RGB, 4:4:4), stored as a camera would for each Exif orientation, with the irot/imir
    # that libheif writes for it: upright, every one is the same picture.
    encoder = compile_tool("heic-write.c", "heif", tools)
    upright = photo().convert("RGB")
    for orientation, turn in STORED.items():
        stored = upright if turn is None else upright.transpose(turn)
        open("stored.rgb", "wb").write(stored.tobytes())
        run(encoder, str(stored.width), str(stored.height), str(orientation), "stored.rgb",
            f"heic/orientation-{orientation}.heic")
    run("heif-convert", "heic/orientation-1.heic", "heic/orientation-1.png")
    for name in ["source-photo.png", "source-alpha.png", "source-p3.png", "decoded.png", "stored.rgb"]:
        os.remove(name)


def make_colour(tools):
    """A PNG tagged Display P3 and a CMYK JPEG (Adobe's inverted inks) with a CMYK profile, each
    with its sRGB reference made by Little CMS through Pillow."""
    os.makedirs("colour", exist_ok=True)
    p3 = display_p3_profile()
    source = photo().convert("RGB")
    source.save("colour/display-p3.png", icc_profile=p3)
    to_srgb(source, p3).save("colour/display-p3.srgb.png")
    cmyk_profile = os.path.join(tools, "cmyk.icc")
    run(compile_tool("cmyk-profile.c", "lcms2", tools), cmyk_profile)
    icc = open(cmyk_profile, "rb").read()
    # Plain separations of the photo (black from the darkest channel); the profile says what they look like.
    cmyk = Image.new("CMYK", source.size)
    cmyk.putdata([(255 - r - k, 255 - g - k, 255 - b - k, k) if (k := 255 - max(r, g, b)) < 255
                  else (0, 0, 0, 255)
                  for r, g, b in source.get_flattened_data()])
    # Pillow writes CMYK as Adobe does: an APP14 marker and inverted inks.
    cmyk.save("colour/cmyk.jpg", quality=95, icc_profile=icc)
    to_srgb(Image.open("colour/cmyk.jpg"), icc).save("colour/cmyk.srgb.png")


def make_nclx(tools):
    """AVIF and HEIC whose colour is told by `nclx` code points, not a profile: the photo's sRGB
    pixels converted by Little CMS to Display P3 (primaries 12, sRGB transfer 13) and to BT.2020
    (primaries 9, BT.2020 transfer 14), stored losslessly as RGB (matrix 0). Decoded and converted
    back to sRGB they must give the photo again, which is each one's reference (what a browser shows).
    Also an animated AVIF in Display P3 (by code points, and by an ICC profile) and a HEIC stored
    with premultiplied alpha."""
    os.makedirs("nclx", exist_ok=True)
    source = photo().convert("RGB")
    source.save("nclx/srgb.png")
    p3 = display_p3_profile()
    from_srgb(source, p3).save("p3.png")
    from_srgb(source, bt2020_profile()).save("bt2020.png")
    lossless = ["avifenc", "-j", "1", "-s", "8", "-l"]
    run(*lossless, "--cicp", "12/13/0", "p3.png", "nclx/display-p3.avif")
    run(*lossless, "--cicp", "9/14/0", "bt2020.png", "nclx/bt2020.avif")
    open("p3.rgb", "wb").write(Image.open("p3.png").tobytes())
    run(compile_tool("heic-write.c", "heif", tools), str(W), str(H), "1", "p3.rgb", "nclx/display-p3.heic", "12", "13")
    frames = []
    for i in range(3):
        frame = photo(seed=i * 40).convert("RGB")
        frame.save(f"nclx/animated.frame{i}.png")
        from_srgb(frame, p3).save(f"frame{i}.png")
        frames.append(f"frame{i}.png")
    # Every frame a key frame: between frames this aom's "lossless" is not.
    run(*lossless, "-k", "1", "--cicp", "12/13/0", "--timescale", "10", "--duration", "1", *frames,
        "nclx/animated-display-p3.avif")
    # The same frames with the profile instead of code points, which a player must also keep applying.
    for i, name in enumerate(frames):
        Image.open(name).save(f"icc{i}.png", icc_profile=p3)
    icc_frames = [f"icc{i}.png" for i in range(len(frames))]
    run(*lossless, "-k", "1", "--timescale", "10", "--duration", "1", *icc_frames,
        "nclx/animated-display-p3-icc.avif")
    # Straight alpha is the reference; the file holds the colour multiplied by alpha, and says so.
    straight = photo(alpha=True)
    straight.save("nclx/premultiplied.png")
    premultiplied = Image.new("RGBA", straight.size)
    premultiplied.putdata([(r * a // 255, g * a // 255, b * a // 255, a) for r, g, b, a in straight.get_flattened_data()])
    premultiplied.save("premultiplied.png")
    run("heif-enc", "-L", "-p", "chroma=444", "--matrix_coefficients=0", "--premultiplied-alpha",
        "premultiplied.png", "-o", "nclx/premultiplied.heic")
    for name in ["p3.png", "p3.rgb", "bt2020.png", "premultiplied.png", *frames, *icc_frames]:
        os.remove(name)


def main():
    parts = sys.argv[1:]
    if parts:
        with tempfile.TemporaryDirectory() as tools:
            for part in parts:
                {"heic": make_heic, "colour": make_colour, "nclx": make_nclx}[part](tools)
        return
    os.makedirs("webp", exist_ok=True)
    os.makedirs("gif", exist_ok=True)
    os.makedirs("avif", exist_ok=True)
    photo().convert("RGB").save("source-photo.png")
    photo(alpha=True).save("source-alpha.png")

    # WebP: lossy, lossless with alpha, lossy with alpha, and one that libwebp must scale.
    run("cwebp", "-quiet", "-q", "80", "source-photo.png", "-o", "webp/lossy.webp")
    run("cwebp", "-quiet", "-lossless", "source-alpha.png", "-o", "webp/lossless-alpha.webp")
    run("cwebp", "-quiet", "-q", "70", "-alpha_q", "100", "source-alpha.png", "-o", "webp/lossy-alpha.webp")
    for name in ["lossy", "lossless-alpha", "lossy-alpha"]:
        run("dwebp", "-quiet", f"webp/{name}.webp", "-o", f"webp/{name}.png")
    run("dwebp", "-quiet", "webp/lossy.webp", "-scale", "48", "32", "-o", "webp/lossy.scaled-48x32.png")
    # Stored a quarter turn anticlockwise with Exif Orientation 6 (turn clockwise to show):
    # decoded, it is the upright picture, which is its reference.
    photo().convert("RGB").transpose(Image.Transpose.ROTATE_90).save("stored.png")
    run("cwebp", "-quiet", "-lossless", "stored.png", "-o", "stored.webp")
    tiff = b"MM\x00\x2a" + struct.pack(">IH", 8, 1) + struct.pack(">HHIHH", 0x0112, 3, 1, 6, 0) + struct.pack(">I", 0)
    open("exif.bin", "wb").write(tiff)
    run("webpmux", "-set", "exif", "exif.bin", "stored.webp", "-o", "webp/exif-orientation-6.webp")
    photo().convert("RGB").save("webp/exif-orientation-6.png")
    for name in ["stored.png", "stored.webp", "exif.bin"]:
        os.remove(name)
    # An animation of three frames: its first frame is the still the gallery shows.
    for i in range(3):
        photo(seed=i * 40).save(f"frame{i}.png")
    run("img2webp", "-loop", "0", "-lossless", "-d", "120", "frame0.png", "frame1.png", "frame2.png",
        "-o", "webp/animated.webp")
    photo(seed=0).save("webp/animated.png")
    for i in range(3):
        os.remove(f"frame{i}.png")

    # GIF: an opaque still, an interlaced one, one with a transparent index, one with a local
    # palette, and an animation whose frames use every disposal method.
    still = photo().convert("RGB").quantize(colors=64, dither=Image.Dither.NONE)
    still.save("gif/still.gif", interlace=False)
    still.save("gif/interlaced.gif", interlace=True)
    for name in ["still", "interlaced"]:
        run("gif2rgb", "-1", "-o", f"gif/{name}.rgb", f"gif/{name}.gif")
        rgb_raw_to_png(f"gif/{name}.rgb", (W, H), f"gif/{name}.png")
    transparent = photo().convert("RGB").quantize(colors=32, dither=Image.Dither.NONE)
    tpx = transparent.load()
    for y in range(H):
        for x in range(W):
            if (x // 8 + y // 8) % 3 == 0:
                tpx[x, y] = 31
    transparent.save("gif/transparent.gif", transparency=31, interlace=False)
    Image.open("gif/transparent.gif").convert("RGBA").save("gif/transparent.png")

    frames = []
    for i, colour in enumerate([(200, 30, 30), (30, 200, 30), (30, 30, 200), (200, 200, 30)]):
        f = Image.new("RGB", (W, H), colour)
        for y in range(H):
            for x in range(W):
                if abs(x - (20 + i * 18)) < 10 and abs(y - 32) < 20:
                    f.putpixel((x, y), (255 - colour[0], 255 - colour[1], 255 - colour[2]))
        frames.append(f.quantize(colors=4 + i * 4, dither=Image.Dither.NONE))
    frames[0].save("gif/animated.gif", save_all=True, append_images=frames[1:], duration=[100, 5, 200, 100],
                   loop=0, disposal=[0, 1, 2, 3], optimize=False)
    anim = Image.open("gif/animated.gif")
    for i in range(anim.n_frames):
        anim.seek(i)
        anim.convert("RGBA").save(f"gif/animated.frame{i}.png")

    # AVIF: lossless (every pixel must match), lossy 4:2:0, and lossy with alpha.
    run("avifenc", "-j", "1", "-s", "8", "-l", "source-photo.png", "avif/lossless.avif")
    run("avifenc", "-j", "1", "-s", "8", "--min", "20", "--max", "30", "-y", "420", "source-photo.png", "avif/lossy.avif")
    run("avifenc", "-j", "1", "-s", "8", "--min", "20", "--max", "30", "source-alpha.png", "avif/alpha.avif")
    for name in ["lossless", "lossy", "alpha"]:
        run("avifdec", "-j", "1", "-d", "8", f"avif/{name}.avif", f"avif/{name}.png")
    # The same lossless picture with every irot/imir pair: upright, each is the picture turned.
    for angle in range(4):
        for mirror in [None, 0, 1]:
            name = f"avif/turned-irot{angle}" + ("" if mirror is None else f"-imir{mirror}")
            args = ["avifenc", "-j", "1", "-s", "8", "-l", "--irot", str(angle)]
            if mirror is not None:
                args += ["--imir", str(mirror)]
            run(*args, "source-photo.png", name + ".avif")
    os.remove("source-alpha.png")
    os.remove("source-photo.png")
    with tempfile.TemporaryDirectory() as tools:
        make_heic(tools)
        make_colour(tools)
        make_nclx(tools)


if __name__ == "__main__":
    main()
