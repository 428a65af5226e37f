#!/usr/bin/env python3
"""Writes the matcher's agreement corpus and libphonenumber's answers for it.

Usage:
  scan-fixtures.py [--bench-text FILE MEGABYTES]

Needs `phonenumbers` (pip install phonenumbers); the tests never do: they read what this
script wrote. The corpus is generated from a fixed seed, so running the script again writes the
same files (as long as `phonenumbers` is the same version).

Writes into Tests/PhoneLookupTests/Fixtures/:
  scan-corpus.tsv  one document per line: doc | region | text (\\n, \\t and \\\\ escaped). Each mixes
                   numbers of many regions in many spellings (E.164, international, national,
                   dialled from the document's region, digits only, dotted, bracketed, other
                   scripts' digits, extensions, glued to letters or signs) with look-alikes:
                   dates, times, prices, order numbers, ISBNs, page ranges, versions, IP addresses.
  scan.tsv         every match python-phonenumbers' PhoneNumberMatcher(text, region,
                   leniency=VALID) finds: doc | start | end | e164 | raw (escaped as above)

--bench-text writes FILE instead: about MEGABYTES of such text, for the `lookup-scan` bench row.
"""
import os
import random
import sys

import phonenumbers
from phonenumbers import PhoneNumberFormat as F

SEED = 26
DOCUMENTS = 1500
REGIONS = ["US", "RU", "GB", "DE", "FR", "IT", "ES", "NL", "BR", "IN", "CN", "JP", "AU", "NZ", "CA", "MX",
           "AR", "KZ", "UA", "BY", "PL", "CH", "AT", "BE", "SE", "NO", "FI", "DK", "TR", "IL", "AE", "SA",
           "EG", "ZA", "NG", "KE", "SG", "HK", "KR", "TH", "VN", "ID", "PH", "MY", "PT", "GR", "CZ", "HU",
           "RO", "IE", "AM", "GE", "UZ", "MD", "CL", "CO", "PE", "IR", "PK", "BD"]
TYPES = [phonenumbers.PhoneNumberType.FIXED_LINE, phonenumbers.PhoneNumberType.MOBILE,
         phonenumbers.PhoneNumberType.TOLL_FREE, phonenumbers.PhoneNumberType.PREMIUM_RATE,
         phonenumbers.PhoneNumberType.VOIP, phonenumbers.PhoneNumberType.UAN]
WORDS = ("call me at please ring the office on or write to our fax is reach support via new number "
         "from abroad mobile home work hotline contact details appointment booked for invoice total "
         "звоните по номеру или пишите телефон офиса факс rufen Sie an appelez le llame al numero").split()
SCRIPTS = [0x0660, 0x06F0, 0x0966, 0xFF10]  # Arabic-Indic, Persian, Devanagari, full-width digits


def escape(text):
    return text.replace("\\", "\\\\").replace("\t", "\\t").replace("\n", "\\n")


def numbers_of(region, rng):
    """Example numbers of the region and variants with their last digits changed."""
    found = []
    for kind in TYPES:
        example = phonenumbers.example_number_for_type(region, kind)
        if example is None:
            continue
        found.append(example)
        nsn = phonenumbers.national_significant_number(example)
        for _ in range(3):
            keep = max(2, len(nsn) - rng.randint(2, 5))
            digits = nsn[:keep] + "".join(rng.choice("0123456789") for _ in range(len(nsn) - keep))
            try:
                found.append(phonenumbers.parse("+%d%s" % (example.country_code, digits), None))
            except phonenumbers.NumberParseException:
                pass
    return found


def spell(number, home, rng):
    """One way a person might write `number` in a text about `home`."""
    e164 = phonenumbers.format_number(number, F.E164)
    international = phonenumbers.format_number(number, F.INTERNATIONAL)
    national = phonenumbers.format_number(number, F.NATIONAL)
    nsn = phonenumbers.national_significant_number(number)
    choice = rng.randint(0, 17)
    if choice == 0:
        return e164
    if choice == 1:
        return international
    if choice == 2:
        return national
    if choice == 3:
        return phonenumbers.format_out_of_country_calling_number(number, home)
    if choice == 4:
        return nsn
    if choice == 5:
        return international.replace(" ", ".").replace("-", ".")
    if choice == 6:
        return "(" + national + ")"
    if choice == 7:
        base = rng.choice(SCRIPTS)
        return "".join(chr(base + int(c)) if c.isdigit() else c for c in rng.choice([national, international]))
    if choice == 8:
        return rng.choice([international, national]) + rng.choice([" ext. ", " x", " доб. ", " #", ";ext=", " ext:"]) \
            + str(rng.randint(1, 9999))
    if choice == 9:
        return rng.choice(["abc", "ID", "No.", "#", "$", "€", "%", "tel:", "[", "+"]) + rng.choice([nsn, national])
    if choice == 10:
        return rng.choice([national, e164]) + rng.choice(["abc", "$", "%", "€", "/x12", ")", "]", "!", "..."])
    if choice == 11:
        return national.replace(" ", "") if rng.random() < 0.5 else national.replace(" ", "  ")
    if choice == 12:
        return rng.choice([international, national]) + rng.choice([" / ", "/", " - ", " – ", ", ", ". "]) \
            + rng.choice([national, nsn, str(rng.randint(1, 99999))])
    if choice == 13:
        cc = str(number.country_code)
        return cc + " " + nsn if rng.random() < 0.5 else "00" + cc + nsn
    if choice == 14:
        return "+" + str(number.country_code) + " (" + nsn[:3] + ") " + nsn[3:]
    if choice == 15:
        return international.replace(" ", "\u00a0") if rng.random() < 0.5 else international.replace("-", "\u2013")
    if choice == 16:
        return rng.choice(["(", "[", "（"]) + international + rng.choice([")", "]", "）", ""])
    return rng.choice([national, international]).replace(" ", "-")


def distractor(rng):
    year = rng.randint(1950, 2030)
    month, day = rng.randint(1, 12), rng.randint(1, 28)
    hour, minute = rng.randint(0, 23), rng.randint(0, 59)
    options = [
        "%d/%d/%d" % (month, day, year), "%02d/%02d/%02d" % (day, month, year % 100),
        "%d-%02d-%02d" % (year, month, day), "%02d.%02d.%d" % (day, month, year),
        "%d-%02d-%02d %02d:%02d" % (year, month, day, hour, minute), "%d%02d%02d %02d:%02d" % (year, month, day, hour, minute),
        "%02d:%02d" % (hour, minute), "$%d,%03d.%02d" % (rng.randint(1, 999), rng.randint(0, 999), rng.randint(0, 99)),
        "%d %03d,%02d €" % (rng.randint(1, 999), rng.randint(0, 999), rng.randint(0, 99)),
        "%d%%" % rng.randint(1, 100), "order #%d" % rng.randint(10 ** 6, 10 ** 10),
        "ISBN 978-%d-%d-%d-%d" % (rng.randint(0, 9), rng.randint(10, 99999), rng.randint(10, 9999), rng.randint(0, 9)),
        "pp. %d-%d (%d)" % (rng.randint(1, 500), rng.randint(500, 999), year),
        "v%d.%d.%d" % (rng.randint(0, 20), rng.randint(0, 99), rng.randint(0, 999)),
        "%d.%d.%d.%d" % tuple(rng.randint(0, 255) for _ in range(4)),
        "%d" % rng.randint(0, 10 ** rng.randint(1, 16)),
        "%04d %04d %04d %04d" % tuple(rng.randint(0, 9999) for _ in range(4)),
        "%d-%d" % (rng.randint(1, 99999), rng.randint(1, 99999)),
        "(%d) %d" % (rng.randint(1, 999), rng.randint(1, 9999999)),
        "%s%d" % (rng.choice(["abc", "SKU", "A", "x"]), rng.randint(10 ** 6, 10 ** 11)),
        "%d.%02d" % (rng.randint(1, 99999), rng.randint(0, 99)),
    ]
    return rng.choice(options)


def document(rng):
    home = rng.choice(REGIONS)
    parts = []
    for _ in range(rng.randint(4, 12)):
        parts.append(" ".join(rng.choice(WORDS) for _ in range(rng.randint(0, 5))))
        if rng.random() < 0.55:
            region = home if rng.random() < 0.5 else rng.choice(REGIONS)
            candidates = numbers_of(region, rng)
            if candidates:
                parts.append(spell(rng.choice(candidates), home, rng))
        else:
            parts.append(distractor(rng))
        parts.append(rng.choice([" ", " ", ", ", ". ", "\n", " - ", ": ", "; ", "\t", "  "]))
    return home, "".join(p if p.endswith((" ", "\n", "\t")) else p + " " for p in parts).strip()


def matches(text, region):
    rows = []
    for match in phonenumbers.PhoneNumberMatcher(text, region, leniency=phonenumbers.Leniency.VALID, max_tries=sys.maxsize):
        rows.append((match.start, match.end, phonenumbers.format_number(match.number, F.E164), match.raw_string))
    return rows


def main():
    rng = random.Random(SEED)
    if len(sys.argv) == 4 and sys.argv[1] == "--bench-text":
        target = float(sys.argv[3]) * 1_000_000
        with open(sys.argv[2], "w", encoding="utf-8") as handle:
            written = 0
            while written < target:
                _, text = document(rng)
                handle.write(text + "\n")
                written += len(text.encode("utf-8")) + 1
        return
    if len(sys.argv) != 1:
        sys.exit(__doc__)
    fixtures = os.path.join(os.path.dirname(os.path.abspath(__file__)), "../../../Tests/PhoneLookupTests/Fixtures")
    version = phonenumbers.__version__
    with open(os.path.join(fixtures, "scan-corpus.tsv"), "w", encoding="utf-8") as corpus, \
            open(os.path.join(fixtures, "scan.tsv"), "w", encoding="utf-8") as answers:
        corpus.write(f"# doc\tregion\ttext (seed {SEED}; Tools/scan-fixtures.py)\n")
        answers.write(f"# doc\tstart\tend\te164\traw (phonenumbers {version} PhoneNumberMatcher, leniency VALID; "
                      "Tools/scan-fixtures.py)\n")
        for index in range(DOCUMENTS):
            region, text = document(rng)
            corpus.write(f"{index}\t{region}\t{escape(text)}\n")
            for start, end, e164, raw in matches(text, region):
                answers.write(f"{index}\t{start}\t{end}\t{e164}\t{escape(raw)}\n")


if __name__ == "__main__":
    main()
