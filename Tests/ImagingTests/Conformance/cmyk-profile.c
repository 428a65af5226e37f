// Writes a CMYK output profile made up here (so it is ours to give away): inks with a little dot
// gain and the usual impurities on warm paper, tabulated by Little CMS. Used only by
// make-fixtures.py:  cmyk-profile out.icc
#include <math.h>
#include <stdio.h>
#include <lcms2.h>

static cmsHTRANSFORM to_lab;
static cmsHTRANSFORM from_lab;

static double gain(double ink) { return pow(ink, 0.8); }

// CMYK (0 no ink ... 65535 full ink) to Lab, through the reflectance of each primary in linear sRGB.
static int cmyk_to_lab(const cmsUInt16Number in[], cmsUInt16Number out[], void *cargo) {
    (void)cargo;
    double c = gain(in[0] / 65535.0), m = gain(in[1] / 65535.0), y = gain(in[2] / 65535.0);
    double k = gain(in[3] / 65535.0);
    double black = 1 - 0.92 * k;
    double rgb[3] = {
        0.95 * black * (1 - c) * (1 - 0.08 * m) * (1 - 0.02 * y),
        0.94 * black * (1 - 0.15 * c) * (1 - m) * (1 - 0.05 * y),
        0.88 * black * (1 - 0.05 * c) * (1 - 0.20 * m) * (1 - y),
    };
    cmsCIELab lab;
    cmsDoTransform(to_lab, rgb, &lab, 1);
    cmsFloat2LabEncoded(out, &lab);
    return 1;
}

// Lab to CMYK: only for the profile to be a complete output profile; the fixtures never use it.
static int lab_to_cmyk(const cmsUInt16Number in[], cmsUInt16Number out[], void *cargo) {
    (void)cargo;
    cmsCIELab lab;
    cmsLabEncoded2Float(&lab, in);
    double rgb[3];
    cmsDoTransform(from_lab, &lab, rgb, 1);
    double max = 0;
    for (int i = 0; i < 3; i++) {
        rgb[i] = rgb[i] < 0 ? 0 : rgb[i] > 1 ? 1 : rgb[i];
        if (rgb[i] > max) max = rgb[i];
    }
    double k = 1 - max;
    for (int i = 0; i < 3; i++) out[i] = (cmsUInt16Number)(65535 * (max > 0 ? (max - rgb[i]) / max : 0));
    out[3] = (cmsUInt16Number)(65535 * k);
    return 1;
}

static cmsPipeline *table(int inputs, int outputs, cmsSAMPLER16 sampler) {
    cmsPipeline *pipeline = cmsPipelineAlloc(NULL, inputs, outputs);
    cmsStage *clut = cmsStageAllocCLut16bit(NULL, inputs == 4 ? 11 : 9, inputs, outputs, NULL);
    cmsStageSampleCLut16bit(clut, sampler, NULL, 0);
    cmsPipelineInsertStage(pipeline, cmsAT_END, cmsStageAllocToneCurves(NULL, inputs, NULL));
    cmsPipelineInsertStage(pipeline, cmsAT_END, clut);
    cmsPipelineInsertStage(pipeline, cmsAT_END, cmsStageAllocToneCurves(NULL, outputs, NULL));
    return pipeline;
}

static void text(cmsHPROFILE profile, cmsTagSignature tag, const char *value) {
    cmsMLU *mlu = cmsMLUalloc(NULL, 1);
    cmsMLUsetASCII(mlu, "en", "US", value);
    cmsWriteTag(profile, tag, mlu);
    cmsMLUfree(mlu);
}

int main(int argc, char **argv) {
    if (argc != 2) {
        fprintf(stderr, "usage: cmyk-profile out.icc\n");
        return 2;
    }
    cmsCIExyY d65 = { 0.3127, 0.3290, 1.0 };
    cmsCIExyYTRIPLE srgb = { { 0.64, 0.33, 1.0 }, { 0.30, 0.60, 1.0 }, { 0.15, 0.06, 1.0 } };
    cmsToneCurve *linear = cmsBuildGamma(NULL, 1.0);
    cmsToneCurve *curves[3] = { linear, linear, linear };
    cmsHPROFILE linear_srgb = cmsCreateRGBProfile(&d65, &srgb, curves);
    cmsHPROFILE lab = cmsCreateLab4Profile(NULL);
    to_lab = cmsCreateTransform(linear_srgb, TYPE_RGB_DBL, lab, TYPE_Lab_DBL, INTENT_RELATIVE_COLORIMETRIC, 0);
    from_lab = cmsCreateTransform(lab, TYPE_Lab_DBL, linear_srgb, TYPE_RGB_DBL, INTENT_RELATIVE_COLORIMETRIC, 0);

    cmsHPROFILE profile = cmsCreateProfilePlaceholder(NULL);
    cmsSetProfileVersion(profile, 4.3);
    cmsSetDeviceClass(profile, cmsSigOutputClass);
    cmsSetColorSpace(profile, cmsSigCmykData);
    cmsSetPCS(profile, cmsSigLabData);
    cmsSetHeaderRenderingIntent(profile, INTENT_PERCEPTUAL);
    text(profile, cmsSigProfileDescriptionTag, "Workbench test CMYK (make-fixtures.py)");
    text(profile, cmsSigCopyrightTag, "CC0 1.0: no rights reserved");
    cmsWriteTag(profile, cmsSigMediaWhitePointTag, (void *)cmsD50_XYZ());
    cmsPipeline *forward = table(4, 3, cmyk_to_lab);
    cmsPipeline *backward = table(3, 4, lab_to_cmyk);
    cmsWriteTag(profile, cmsSigAToB0Tag, forward);
    cmsWriteTag(profile, cmsSigBToA0Tag, backward);
    int saved = cmsSaveProfileToFile(profile, argv[1]);
    cmsPipelineFree(forward);
    cmsPipelineFree(backward);
    cmsCloseProfile(profile);
    return saved ? 0 : 1;
}
