#!/usr/bin/env python3
"""Writes the agreement fixtures of the PhoneLookup tests from libphonenumber's Python port.

Usage:
  agreement-fixtures.py LIBPHONENUMBER_DIR [--phonenumbers-tools TOOLS_DIR]

Needs `phonenumbers` (pip install phonenumbers); the tests never do: they read what this
script wrote. The example numbers come from the checkout's XML (the same data the engine is
generated from); the answers from `phonenumbers`, an independent implementation.

With --phonenumbers-tools, `phonenumbers` answers from the same data the engine was compiled
from, so the fixtures compare like with like: TOOLS_DIR is `tools/python` of a python-phonenumbers
git checkout (its buildmetadatafromxml.py and buildprefixdata.py, which the PyPI sdist does not
ship). The installed package is copied to a scratch directory and its metadata, short-number,
geocoding, carrier and time-zone data are rebuilt there from LIBPHONENUMBER_DIR/resources, as
python-phonenumbers' own makefile builds them; the installed package is left alone. Without it,
`phonenumbers` answers from its own data, which may be older or newer than the checkout's (the
tests list such rows with the reason).

Writes into Tests/PhoneLookupTests/Fixtures/:
  short-numbers.tsv  every region's example short numbers, one digit longer and one shorter:
                     input region case | parse nsn validForRegion emergency cost
  formats.tsv        every region's example numbers (all types):
                     e164 | rfc3966 national international outOfCountry(US,RU,GB,DE,KZ,AU,CN,SG)
                     mobileFromOwnRegion mobileFromUS | timeZones (joined with &) | numberType
  number-match.tsv   pairs of spellings: first second | isNumberMatch
  places-ru.tsv      +7, +373, +374, +375 ranges: e164 type | place (ru) place (en) carrier (ru)
"""
import os
import shutil
import subprocess
import sys
import tempfile
import xml.etree.ElementTree as ET

SHORT_TYPES = ["shortCode", "tollFree", "standardRate", "premiumRate", "emergency", "carrierSpecific", "smsServices"]
TYPES = ["fixedLine", "mobile", "tollFree", "premiumRate", "sharedCost", "personalNumber",
         "voip", "pager", "uan", "voicemail"]
FROM = ["US", "RU", "GB", "DE", "KZ", "AU", "CN", "SG"]
# Bound by load_phonenumbers, once sys.path says which `phonenumbers` (installed or rebuilt).
phonenumbers = F = shortnumberinfo = timezone = COSTS = SOURCE = None


def short_rows(root):
    rows = set()
    for t in root.iter("territory"):
        region = t.get("id")
        for name in SHORT_TYPES:
            node = t.find(name)
            example = node.findtext("exampleNumber") if node is not None else None
            if not example:
                continue
            rows.add((example, region, f"{name}/example"))
            rows.add((example + example[-1], region, f"{name}/long"))
            if len(example) > 2:
                rows.add((example[:-1], region, f"{name}/short"))
    out = []
    for text, region, case in sorted(rows):
        try:
            number = phonenumbers.parse(text, region)
        except phonenumbers.NumberParseException:
            out.append([text, region, case, "error", "", "", "", ""])
            continue
        valid = shortnumberinfo.is_valid_short_number_for_region(number, region)
        emergency = shortnumberinfo.is_emergency_number(text, region)
        cost = COSTS[shortnumberinfo.expected_cost_for_region(number, region)]
        out.append([text, region, case, "ok", phonenumbers.national_significant_number(number),
                    "valid" if valid else "invalid", "emergency" if emergency else "-", cost])
    return out


def format_rows(root):
    numbers = set()
    for t in root.iter("territory"):
        code = t.get("countryCode")
        for name in TYPES:
            node = t.find(name)
            example = node.findtext("exampleNumber") if node is not None else None
            if example:
                numbers.add(f"+{code}{example}")
    out = []
    for text in sorted(numbers):
        number = phonenumbers.parse(text, None)
        own = phonenumbers.region_code_for_number(number) or "ZZ"
        kind = {v: k for k, v in vars(phonenumbers.PhoneNumberType).items() if k.isupper()}[
            phonenumbers.number_type(number)]
        out.append([text, phonenumbers.format_number(number, F.RFC3966),
                    phonenumbers.format_number(number, F.NATIONAL),
                    phonenumbers.format_number(number, F.INTERNATIONAL)]
                   + [phonenumbers.format_out_of_country_calling_number(number, r) for r in FROM]
                   + [own, phonenumbers.format_number_for_mobile_dialing(number, own, True),
                      phonenumbers.format_number_for_mobile_dialing(number, "US", True),
                      "&".join(timezone.time_zones_for_number(number)), kind])
    return out


def place_rows(resources):
    from phonenumbers import carrier, geocoder
    filler = "23456789012345678"
    numbers = set()
    for code in ["7", "373", "374", "375"]:
        with open(os.path.join(resources, "geocoding/ru", code + ".txt"), encoding="utf-8") as handle:
            prefixes = [line.split("|")[0] for line in handle if line.strip() and not line.startswith("#")]
        region = phonenumbers.region_code_for_country_code(int(code))
        length = len(str(phonenumbers.example_number_for_type(region, phonenumbers.PhoneNumberType.FIXED_LINE)
                         .national_number)) + len(code)
        for prefix in prefixes:
            if len(prefix) < length:
                numbers.add("+" + prefix + filler[: length - len(prefix)])
    out = []
    for text in sorted(numbers):
        number = phonenumbers.parse(text, None)
        if not phonenumbers.is_valid_number(number):
            continue
        kind = {v: k for k, v in vars(phonenumbers.PhoneNumberType).items() if k.isupper()}[
            phonenumbers.number_type(number)]
        out.append([text, kind, geocoder.description_for_number(number, "ru"),
                    geocoder.description_for_number(number, "en"), carrier.name_for_number(number, "ru")])
    return out


def match_rows(root):
    examples = []
    for t in root.iter("territory"):
        code = t.get("countryCode")
        for name in TYPES:
            node = t.find(name)
            example = node.findtext("exampleNumber") if node is not None else None
            if example:
                examples.append(f"+{code}{example}")
    examples = sorted(set(examples))[::3]
    pairs = set()
    for index, text in enumerate(examples):
        number = phonenumbers.parse(text, None)
        code, nsn = str(number.country_code), phonenumbers.national_significant_number(number)
        national = phonenumbers.format_number(number, F.NATIONAL)
        other = examples[(index * 7 + 3) % len(examples)]
        changed = nsn[:-1] + str((int(nsn[-1]) + 1) % 10)
        pairs.update([
            (text, phonenumbers.format_number(number, F.INTERNATIONAL)),
            (text, national), (national, text),
            (text, f"00{code}{nsn}"),
            (text, f"{text} ext. 12"), (f"{text} ext. 12", f"{text} ext. 13"),
            (text, f"+{code}{changed}"),
            (text, f"+{code}{nsn[1:]}"),
            (text, nsn),
            (national, phonenumbers.format_number(phonenumbers.parse(other, None), F.NATIONAL)),
            (text, other),
        ])
    kinds = {v: k for k, v in vars(phonenumbers.MatchType).items() if k.isupper()}
    return [[a, b, kinds[phonenumbers.is_number_match(a, b)]] for a, b in sorted(pairs)]


def write(path, header, rows):
    with open(path, "w", encoding="utf-8") as handle:
        handle.write(f"# {header} ({SOURCE}; Tools/agreement-fixtures.py)\n")
        for row in rows:
            if any("\t" in field or "\n" in field for field in row):
                sys.exit(f"tab or newline in {row}")
            handle.write("\t".join(row) + "\n")


def rebuilt_phonenumbers(resources, tools, scratch):
    """A copy of the installed `phonenumbers` whose data python-phonenumbers' tools rebuilt from
    `resources`; returns the directory to put first on sys.path."""
    found = subprocess.run([sys.executable, "-c", "import phonenumbers, os; print(os.path.dirname(phonenumbers.__file__))"],
                           check=True, capture_output=True, text=True).stdout.strip()
    package = os.path.join(scratch, "phonenumbers")
    shutil.copytree(found, package, ignore=shutil.ignore_patterns("__pycache__"))
    for folder, prefix in [("data", "region_"), ("data", "alt_format_"), ("shortdata", "region_")]:
        for name in os.listdir(os.path.join(package, folder)):
            if name.startswith(prefix):
                os.remove(os.path.join(package, folder, name))
    for name in ["geodata", "carrierdata", "tzdata"]:
        for data in os.listdir(os.path.join(package, name)):
            if data.startswith("data") and data.endswith(".py"):
                os.remove(os.path.join(package, name, data))

    def run(*arguments):
        subprocess.run([sys.executable, *arguments], cwd=tools, check=True, stdout=subprocess.DEVNULL)

    # The steps and arguments of python-phonenumbers' tools/python/makefile.
    run("buildmetadatafromxml.py", "--alt", os.path.join(resources, "PhoneNumberAlternateFormats.xml"),
        os.path.join(resources, "PhoneNumberMetadata.xml"), os.path.join(package, "data"), ".")
    run("buildmetadatafromxml.py", "--short", os.path.join(resources, "ShortNumberMetadata.xml"),
        os.path.join(package, "shortdata"), ".")
    run("buildprefixdata.py", "--var", "GEOCODE", os.path.join(resources, "geocoding"),
        os.path.join(package, "geodata", "__init__.py"), ".")
    run("buildprefixdata.py", "--var", "CARRIER", os.path.join(resources, "carrier"),
        os.path.join(package, "carrierdata", "__init__.py"), ".")
    run("buildprefixdata.py", "--var", "TIMEZONE", "--flat", "--sep", "&",
        os.path.join(resources, "timezones", "map_data.txt"), os.path.join(package, "tzdata", "__init__.py"), ".")
    return scratch


def main():
    arguments = sys.argv[1:]
    tools = None
    if "--phonenumbers-tools" in arguments:
        at = arguments.index("--phonenumbers-tools")
        if at + 1 >= len(arguments):
            sys.exit(__doc__)
        tools = os.path.abspath(arguments[at + 1])
        del arguments[at:at + 2]
    if len(arguments) != 1:
        sys.exit(__doc__)
    resources = os.path.join(os.path.abspath(arguments[0]), "resources")
    with tempfile.TemporaryDirectory(prefix="phonenumbers-rebuilt-") as scratch:
        if tools:
            sys.path.insert(0, rebuilt_phonenumbers(resources, tools, scratch))
        load_phonenumbers(describe=(lambda version: f"phonenumbers {version} code, data rebuilt from "
                                    f"{data_version(resources)} by python-phonenumbers' tools") if tools
                          else (lambda version: f"phonenumbers {version}"))
        write_fixtures(resources)


def data_version(resources):
    """The version the engine's compiled data records, which came from the same checkout."""
    recorded = os.path.join(os.path.dirname(os.path.abspath(__file__)),
                            "../Sources/PhoneLookup/Resources/Numbering/VERSION")
    with open(recorded, encoding="utf-8") as handle:
        return handle.readline().strip()


def load_phonenumbers(describe):
    global phonenumbers, F, shortnumberinfo, timezone, COSTS, SOURCE
    import phonenumbers as module
    from phonenumbers import PhoneNumberFormat
    from phonenumbers import shortnumberinfo as short, timezone as zones
    phonenumbers, F, shortnumberinfo, timezone = module, PhoneNumberFormat, short, zones
    COSTS = {v: k for k, v in vars(shortnumberinfo.ShortNumberCost).items() if k.isupper()}
    SOURCE = describe(phonenumbers.__version__)


def write_fixtures(resources):
    fixtures = os.path.join(os.path.dirname(os.path.abspath(__file__)), "../../../Tests/PhoneLookupTests/Fixtures")
    short = ET.parse(os.path.join(resources, "ShortNumberMetadata.xml")).getroot()
    write(os.path.join(fixtures, "short-numbers.tsv"),
          "input\tregion\tcase\tparse\tnsn\tvalidForRegion\temergency\tcost", short_rows(short))
    full = ET.parse(os.path.join(resources, "PhoneNumberMetadata.xml")).getroot()
    write(os.path.join(fixtures, "formats.tsv"),
          "e164\trfc3966\tnational\tinternational\t" + "\t".join(f"from{r}" for r in FROM)
          + "\tregion\tmobileFromRegion\tmobileFromUS\ttimeZones\ttype", format_rows(full))
    write(os.path.join(fixtures, "number-match.tsv"), "first\tsecond\tmatch", match_rows(full))
    write(os.path.join(fixtures, "places-ru.tsv"), "e164\ttype\tplaceRu\tplaceEn\tcarrierRu", place_rows(resources))


if __name__ == "__main__":
    main()
