#!/usr/bin/env python3
"""Compiles libphonenumber's data into the compact resources the PhoneLookup engine reads.

Usage:
  generate-numbering.py LIBPHONENUMBER_DIR [--version TEXT] [--fixture]

LIBPHONENUMBER_DIR holds libphonenumber's LICENSE and resources/ (PhoneNumberMetadata.xml,
carrier/en, geocoding/en, timezones/map_data.txt). Writes, beside this script's package:

  Sources/PhoneLookup/Resources/Numbering/metadata.tsv   one block per territory (no XML at run time)
  Sources/PhoneLookup/Resources/Numbering/carrier/CC.txt prefix|carrier (comments dropped)
  Sources/PhoneLookup/Resources/Numbering/geocoding/CC.txt  descriptions numbered once, then prefix|n
  Sources/PhoneLookup/Resources/Numbering/timezones.txt  prefix|zone&zone
  Sources/PhoneLookup/Resources/Numbering/shortnumbers.tsv  short numbers (ShortNumberMetadata.xml)
  Sources/PhoneLookup/Resources/Numbering/l10n/LANG/{geocoding,carrier}/CC.txt  every other language, numbered
  Sources/PhoneLookup/Resources/Numbering/LICENSE, VERSION

--fixture also writes Tests/PhoneLookupTests/Fixtures/agreement.tsv: the example numbers of every
region and type, their one-digit-off and impossible-prefix variants, in E.164, national and "00"
forms, each with libphonenumber's answer computed by the Python port `phonenumbers`
(pip install phonenumbers). Only this fixture needs it; the tests and the engine never do.
"""
import os
import re
import shutil
import sys
import xml.etree.ElementTree as ET

TYPES = ["fixedLine", "mobile", "tollFree", "premiumRate", "sharedCost", "personalNumber",
         "voip", "pager", "uan", "voicemail"]
SUPPORTED = re.compile(r"^(?:\\d|[0-9|()?:\[\]\-{},*+$])*$")


def clean(pattern):
    pattern = re.sub(r"\s+", "", pattern or "")
    if not SUPPORTED.match(pattern):
        sys.exit(f"unsupported pattern syntax: {pattern}")
    return pattern


def lengths(text):
    """'[4-6],8' -> [4, 5, 6, 8]"""
    result = set()
    for part in (text or "").split(","):
        part = part.strip()
        if not part:
            continue
        if part.startswith("["):
            low, high = part[1:-1].split("-")
            result.update(range(int(low), int(high) + 1))
        else:
            result.add(int(part))
    return sorted(result)


def field(value):
    if value is None:
        return ""
    if "\t" in value or "\n" in value:
        sys.exit(f"tab or newline in {value!r}")
    return value


def territory_block(t):
    a = t.attrib
    national_prefix = a.get("nationalPrefix", "")
    npfp = clean(a.get("nationalPrefixForParsing", "")) or national_prefix
    rule = a.get("nationalPrefixFormattingRule", "")
    lines = ["\t".join(map(field, [
        "T", a["id"], a["countryCode"], "1" if a.get("mainCountryForCode") == "true" else "0",
        clean(a.get("leadingDigits", "")), clean(a.get("internationalPrefix", "")),
        a.get("preferredInternationalPrefix", ""), national_prefix, npfp,
        a.get("nationalPrefixTransformRule", ""), rule, a.get("preferredExtnPrefix", ""),
    ]))]
    all_lengths, all_local = set(), set()
    descs = []
    for name in TYPES:
        node = t.find(name)
        if node is None:
            continue
        pattern = clean(node.findtext("nationalNumberPattern"))
        pl = node.find("possibleLengths")
        national = lengths(pl.get("national")) if pl is not None else []
        local = lengths(pl.get("localOnly")) if pl is not None else []
        all_lengths.update(national)
        all_local.update(local)
        descs.append((name, pattern, national, local, node.findtext("exampleNumber") or ""))
    general = clean(t.find("generalDesc").findtext("nationalNumberPattern"))
    all_local -= all_lengths
    lines.append("\t".join(["D", "general", general, ",".join(map(str, sorted(all_lengths))),
                            ",".join(map(str, sorted(all_local)))]))
    for name, pattern, national, local, example in descs:
        lines.append("\t".join(["D", name, pattern, ",".join(map(str, national)), ",".join(map(str, local)), example]))
    barred = t.find("noInternationalDialling")
    if barred is not None:
        pl = barred.find("possibleLengths")
        lines.append("\t".join(["D", "noInternationalDialling", clean(barred.findtext("nationalNumberPattern")),
                                ",".join(map(str, lengths(pl.get("national")) if pl is not None else [])), ""]))
    formats = t.find("availableFormats")
    if formats is not None:
        has_intl = formats.find("numberFormat/intlFormat") is not None
        for f in formats.findall("numberFormat"):
            leading = f.findall("leadingDigits")
            intl = f.findtext("intlFormat")
            if intl is None:
                intl = f.findtext("format") if has_intl else ""
            # The matcher's VALID leniency accepts a number written without its national prefix
            # where the format says the prefix is optional; the column is there only when it is.
            optional = f.get("nationalPrefixOptionalWhenFormatting",
                             a.get("nationalPrefixOptionalWhenFormatting", "false")) == "true"
            lines.append("\t".join(map(field, [
                "F", clean(f.get("pattern")), f.findtext("format"),
                clean(leading[-1].text) if leading else "",
                f.get("nationalPrefixFormattingRule", rule), intl,
            ] + (["1"] if optional else []))))
    return lines


SHORT_TYPES = ["shortCode", "tollFree", "standardRate", "premiumRate", "emergency", "carrierSpecific", "smsServices"]


def short_block(t):
    """One region of ShortNumberMetadata.xml: 'S region general lengths', then 'D type pattern lengths'.

    As libphonenumber builds it, the general description's lengths are the short code's; a type
    without lengths of its own takes them too, and a type absent from the data matches nothing."""
    code = t.find("shortCode")
    general_lengths = lengths(code.find("possibleLengths").get("national")) if code is not None else []
    lines = ["\t".join(["S", t.get("id"), clean(t.find("generalDesc").findtext("nationalNumberPattern")),
                        ",".join(map(str, general_lengths))])]
    for name in SHORT_TYPES:
        node = t.find(name)
        if node is None:
            continue
        pl = node.find("possibleLengths")
        own = lengths(pl.get("national")) if pl is not None else general_lengths
        lines.append("\t".join(["D", name, clean(node.findtext("nationalNumberPattern")), ",".join(map(str, own))]))
    return lines


def write_numbered(source, target):
    """prefix|description lines as the descriptions numbered once, then prefix|n."""
    rows = list(prefix_lines(source))
    if not rows:
        return
    names = sorted({d for _, d in rows})
    index = {d: i for i, d in enumerate(names)}
    os.makedirs(os.path.dirname(target), exist_ok=True)
    with open(target, "w", encoding="utf-8") as handle:
        handle.write(f"{len(names)}\n")
        handle.writelines(f"{d}\n" for d in names)
        handle.writelines(f"{p}|{index[d]}\n" for p, d in rows)


def prefix_lines(path):
    with open(path, encoding="utf-8") as handle:
        for line in handle:
            line = line.strip()
            if line and not line.startswith("#") and "|" in line:
                prefix, description = line.split("|", 1)
                yield prefix.strip(), description.strip()


def main():
    args = sys.argv[1:]
    if not args:
        sys.exit(__doc__)
    source = args[0]
    version = args[args.index("--version") + 1] if "--version" in args else "unknown"
    package = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    out = os.path.join(package, "Sources/PhoneLookup/Resources/Numbering")
    shutil.rmtree(out, ignore_errors=True)
    os.makedirs(os.path.join(out, "carrier"))
    os.makedirs(os.path.join(out, "geocoding"))
    resources = os.path.join(source, "resources")

    root = ET.parse(os.path.join(resources, "PhoneNumberMetadata.xml")).getroot()
    with open(os.path.join(out, "metadata.tsv"), "w", encoding="utf-8") as handle:
        handle.write(f"# libphonenumber {version}, compiled by Tools/generate-numbering.py; Apache 2.0 (LICENSE)\n")
        for t in root.iter("territory"):
            handle.write("\n".join(territory_block(t)) + "\n")

    short_root = ET.parse(os.path.join(resources, "ShortNumberMetadata.xml")).getroot()
    with open(os.path.join(out, "shortnumbers.tsv"), "w", encoding="utf-8") as handle:
        handle.write(f"# libphonenumber {version} short numbers, compiled by Tools/generate-numbering.py; Apache 2.0 (LICENSE)\n")
        for t in short_root.iter("territory"):
            handle.write("\n".join(short_block(t)) + "\n")

    for name in sorted(os.listdir(os.path.join(resources, "carrier/en"))):
        rows = list(prefix_lines(os.path.join(resources, "carrier/en", name)))
        if rows:
            with open(os.path.join(out, "carrier", name), "w", encoding="utf-8") as handle:
                handle.writelines(f"{p}|{d}\n" for p, d in rows)
    for name in sorted(os.listdir(os.path.join(resources, "geocoding/en"))):
        write_numbered(os.path.join(resources, "geocoding/en", name), os.path.join(out, "geocoding", name))
    # Every other language libphonenumber ships, as l10n/LANG/{geocoding,carrier}/CC.txt, both
    # numbered; the engine reads one only when a number is answered in that language.
    for kind in ("geocoding", "carrier"):
        for language in sorted(os.listdir(os.path.join(resources, kind))):
            if language == "en":
                continue
            for name in sorted(os.listdir(os.path.join(resources, kind, language))):
                write_numbered(os.path.join(resources, kind, language, name),
                               os.path.join(out, "l10n", language, kind, name))
    with open(os.path.join(out, "timezones.txt"), "w", encoding="utf-8") as handle:
        handle.writelines(f"{p}|{d}\n" for p, d in prefix_lines(os.path.join(resources, "timezones/map_data.txt")))
    shutil.copy(os.path.join(source, "LICENSE"), os.path.join(out, "LICENSE"))
    with open(os.path.join(out, "VERSION"), "w", encoding="utf-8") as handle:
        handle.write(f"libphonenumber {version}\nSource: https://github.com/google/libphonenumber (resources/)\n"
                     "Licence: Apache License 2.0 (LICENSE beside this file)\n"
                     "Regenerate: Packages/PhoneLookup/Tools/regenerate.sh DIR VERSION\n"
                     "Files: MANIFEST (crc32, size and path of every generated file)\n")
    write_manifest(out)
    if "--fixture" in args:
        write_fixture(root, os.path.join(os.path.dirname(os.path.dirname(package)),
                                         "Tests/PhoneLookupTests/Fixtures/agreement.tsv"))


def write_manifest(out):
    """MANIFEST: 'crc32 size path' of every file written, so a test can tell hand edits or a
    partial regeneration from what this script wrote for the version VERSION names."""
    import zlib
    rows = []
    for folder, _, names in os.walk(out):
        for name in names:
            path = os.path.relpath(os.path.join(folder, name), out)
            if path in ("MANIFEST",):
                continue
            with open(os.path.join(out, path), "rb") as handle:
                data = handle.read()
            rows.append(f"{zlib.crc32(data):08x} {len(data)} {path}\n")
    with open(os.path.join(out, "MANIFEST"), "w", encoding="utf-8") as handle:
        handle.writelines(sorted(rows, key=lambda row: row.split(" ", 2)[2]))


def variants(nsn, general):
    """The example, one digit too many, one too few, and a prefix no range starts with."""
    yield "example", nsn
    yield "long", nsn + nsn[-1]
    yield "short", nsn[:-1]
    for digit in "0123456789":
        candidate = digit + nsn[1:]
        if not re.fullmatch(general, candidate):
            yield "prefix", candidate
            return


def write_fixture(root, path):
    import phonenumbers
    from phonenumbers import carrier

    def answer(text, region):
        try:
            number = phonenumbers.parse(text, region)
        except phonenumbers.NumberParseException:
            return ["error", "", "", "", ""]
        valid = phonenumbers.is_valid_number(number)
        e164 = phonenumbers.format_number(number, phonenumbers.PhoneNumberFormat.E164)
        region_code = phonenumbers.region_code_for_number(number) if valid else ""
        kind = phonenumbers.number_type(number)
        type_name = {v: k for k, v in vars(phonenumbers.PhoneNumberType).items() if k.isupper()}[kind]
        return ["valid" if valid else "invalid", e164, region_code or "", type_name,
                carrier.name_for_number(number, "en")]

    rows = set()
    for t in root.iter("territory"):
        region, code = t.get("id"), t.get("countryCode")
        national_prefix = t.get("nationalPrefix", "")
        general = clean(t.find("generalDesc").findtext("nationalNumberPattern"))
        for name in TYPES:
            node = t.find(name)
            example = node.findtext("exampleNumber") if node is not None else None
            if not example:
                continue
            for kind, nsn in variants(example, general):
                rows.add((f"+{code}{nsn}", region, f"{name}/{kind}/e164"))
                if region == "001":
                    continue
                rows.add((f"00{code}{nsn}", region, f"{name}/{kind}/00"))
                if kind == "example":
                    parsed = phonenumbers.parse(f"+{code}{nsn}", None)
                    national = phonenumbers.format_number(parsed, phonenumbers.PhoneNumberFormat.NATIONAL)
                    rows.add((national, region, f"{name}/{kind}/national"))
                else:
                    rows.add((national_prefix + nsn, region, f"{name}/{kind}/national"))
    with open(path, "w", encoding="utf-8") as handle:
        handle.write("# input\tregion\tcase\texpected: parse\te164\tregion\ttype\tcarrier "
                     f"(phonenumbers {phonenumbers.__version__})\n")
        for text, region, case in sorted(rows):
            handle.write("\t".join([text, region, case] + answer(text, region)) + "\n")


if __name__ == "__main__":
    main()
