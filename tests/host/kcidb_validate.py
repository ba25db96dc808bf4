#!/usr/bin/env python3
"""kcidb_validate.py SCHEMA FILE: exit 0 if FILE is valid KCIDB v5 JSON, 1 with the reason if not."""
import json
import sys

import jsonschema

with open(sys.argv[1]) as f:
    schema = json.load(f)
with open(sys.argv[2]) as f:
    doc = json.load(f)
try:
    jsonschema.Draft202012Validator(schema).validate(doc)
except jsonschema.ValidationError as e:
    print("invalid:", e.message, file=sys.stderr)
    sys.exit(1)
