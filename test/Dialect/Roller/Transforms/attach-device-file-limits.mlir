// Device files are checked before they are read or parsed; each problem is an
// error naming the file, and none crashes, hangs or exhausts memory.

// A file nested 50,000 levels deep used to overflow the stack in the JSON
// parser: the depth is bounded before parsing.
// RUN: %python -c "print('[' * 50000 + ']' * 50000)" > %t.deep.json
// RUN: not roller-opt %s --roller-attach-device="device=%t.deep.json" 2>&1 | FileCheck %s --check-prefix=DEEP
// DEEP: error: device file '{{.*}}deep.json': invalid JSON: arrays and objects nest deeper than 64 levels

// Brackets inside strings do not count toward the depth.
// RUN: %python -c "q = chr(34); print('{' + q + 'name' + q + ': ' + q + '[' * 100 + q + '}')" > %t.strings.json
// RUN: not roller-opt %s --roller-attach-device="device=%t.strings.json" 2>&1 | FileCheck %s --check-prefix=STRINGS
// STRINGS: error: device file '{{.*}}strings.json':
// STRINGS-NOT: nest deeper

// /dev/zero used to be read until memory ran out (and a FIFO blocked
// forever): only regular files are read.
// RUN: not roller-opt %s --roller-attach-device="device=/dev/zero" 2>&1 | FileCheck %s --check-prefix=ZERO
// ZERO: error: cannot read device file '/dev/zero': it is not a regular file

// A file above 1 MiB is refused before it is read.
// RUN: %python -c "print(' ' * (1 << 21) + '{}')" > %t.big.json
// RUN: not roller-opt %s --roller-attach-device="device=%t.big.json" 2>&1 | FileCheck %s --check-prefix=BIG
// BIG: error: cannot read device file '{{.*}}big.json': 2097155 bytes, above the limit of 1048576

module {
}
