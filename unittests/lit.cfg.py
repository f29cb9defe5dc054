# -*- Python -*-
# lit configuration that runs Roller's GoogleTest binaries, one lit test per
# GoogleTest case.

import os

import lit.formats

config.name = "ROLLER-Unit"
config.suffixes = []
config.test_exec_root = os.path.join(config.roller_obj_root, "unittests")
config.test_source_root = config.test_exec_root
config.test_format = lit.formats.GoogleTest(".", "Tests")
