#!/usr/bin/env bash
# Installs what is missing, configures and builds Roller (incrementally).
source "$(dirname "${BASH_SOURCE[0]}")/common.sh"
roller_build "$@"
