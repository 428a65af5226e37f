#!/bin/sh
# Regenerates every generated file of the PhoneLookup package from a libphonenumber checkout and
# records its version: the numbering data (Resources/Numbering, with VERSION and MANIFEST) and,
# when the `phonenumbers` Python package is installed, the agreement fixtures of the tests.
#
#   Packages/PhoneLookup/Tools/regenerate.sh LIBPHONENUMBER_DIR "v9.0.43 (June 2026)" [PHONENUMBERS_TOOLS]
#
# PHONENUMBERS_TOOLS is `tools/python` of a python-phonenumbers git checkout: with it the
# fixtures' answers come from `phonenumbers` with its data rebuilt from the same checkout, so the
# agreement compares like with like (see agreement-fixtures.py).
#
# Then run `swift test --filter PhoneLookupTests`: GeneratedDataTests fails if a generated file
# and the recorded version disagree, the agreement suites list what changed.
set -eu
if [ $# -ne 2 ] && [ $# -ne 3 ]; then
    echo "usage: $0 LIBPHONENUMBER_DIR VERSION [PHONENUMBERS_TOOLS]" >&2
    exit 64
fi
tools=$(dirname "$0")
python3 "$tools/generate-numbering.py" "$1" --version "$2"
if python3 -c 'import phonenumbers' 2>/dev/null; then
    if [ $# -eq 3 ]; then
        python3 "$tools/agreement-fixtures.py" "$1" --phonenumbers-tools "$3"
    else
        python3 "$tools/agreement-fixtures.py" "$1"
    fi
    python3 "$tools/scan-fixtures.py"
else
    echo "phonenumbers is not installed: the agreement fixtures were left as they were (pip install phonenumbers)" >&2
fi
