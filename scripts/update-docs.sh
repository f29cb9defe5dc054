#!/usr/bin/env bash
# Regenerates docs/generated/ from the ODS definitions.
source "$(dirname "${BASH_SOURCE[0]}")/common.sh"
roller_build mlir-doc
mkdir -p "$ROLLER_ROOT/docs/generated"
cp "$ROLLER_BUILD"/docs/Roller/*.md "$ROLLER_ROOT/docs/generated/"
echo "docs/generated/ updated" >&2
