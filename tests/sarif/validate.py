"""Validates SARIF logs against the OASIS SARIF 2.1.0 JSON schema committed beside this
script (tests/sarif/sarif-schema-2.1.0.json, see tests/sarif/README.md), and JUnit
reports as well-formed XML whose failures name a registered code.

    python validate.py sarif FILE...
    python validate.py junit FILE...
"""

import json
import pathlib
import sys
import xml.etree.ElementTree as ET

import jsonschema

HERE = pathlib.Path(__file__).parent


def sarif(paths):
    schema = json.loads((HERE / "sarif-schema-2.1.0.json").read_text(encoding="utf-8"))
    validator = jsonschema.Draft4Validator(
        schema, format_checker=jsonschema.Draft4Validator.FORMAT_CHECKER
    )
    for path in paths:
        doc = json.loads(pathlib.Path(path).read_bytes())
        errors = sorted(validator.iter_errors(doc), key=lambda e: list(e.path))
        for e in errors[:10]:
            print(f"{path}: {list(e.path)}: {e.message}", file=sys.stderr)
        if errors:
            raise SystemExit(f"error: {path} is not valid SARIF 2.1.0 ({len(errors)} errors)")
        run = doc["runs"][0]
        rules = run["tool"]["driver"]["rules"]
        for r in run["results"]:
            assert rules[r["ruleIndex"]]["id"] == r["ruleId"], r
        print(f"{path}: valid SARIF 2.1.0, {len(run['results'])} results")


def junit(paths):
    for path in paths:
        root = ET.parse(path).getroot()
        assert root.tag == "testsuites", root.tag
        failures = root.findall(".//failure") + root.findall(".//error")
        for f in failures:
            assert f.get("type", "").startswith("lanrick::"), f.attrib
        print(f"{path}: well-formed JUnit XML, {len(failures)} failures and errors")


if __name__ == "__main__":
    {"sarif": sarif, "junit": junit}[sys.argv[1]](sys.argv[2:])
